/**
 * A feature's fake API for web tests: `fetch` stubbed for the paths the feature owns,
 * every call recorded, a test's own answers (`reply["POST /api/…"]`) before the fake's,
 * 404 for the rest; other paths go to the fetch stubbed before (`mockApi`'s).
 */
import { vi } from "vitest";

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}
export type Reply = { status: number; body: unknown };
export type Answer = Reply | ((call: Call) => Reply | undefined);

const notFound: Reply = { status: 404, body: { error: { code: "not_found", message: "Fant ikke" } } };

export function serveFeatureApi(
  owns: (path: string) => boolean,
  calls: Call[],
  reply: Record<string, Answer>,
  answer: (call: Call) => Reply | undefined,
) {
  const others = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    if (!owns(url.pathname)) return others(input, init);
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const custom = reply[`${method} ${url.pathname}`];
    const { status, body: json } =
      (typeof custom === "function" ? custom(call) : custom) ?? answer(call) ?? notFound;
    return new Response(status === 204 ? null : JSON.stringify(json), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  /** The calls to `METHOD /path`, query left out. */
  return (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.pathname === path);
}
