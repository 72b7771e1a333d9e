/**
 * The access matrix: every API route, called over HTTP by each kind of caller against
 * the resources of the caller's department (A) and of another (B), answered as its
 * feature's table (`server/policies/<feature>.routes.ts`) says.
 *
 * A cell's outcome is the class of the answer, not its exact status: `ok` means the
 * request got past authentication and authorization (2xx, or a refusal of what it asked
 * for such as 409 or 422); `401`, `403` and `404` are the refusals (404: hidden, as if
 * it did not exist). A 5xx, a 429 or a validation failure (the world's request did not
 * reach the policy) fails the cell whatever the table says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegisteredRoute } from "../platform/pipeline.ts";
import {
  type ApiRequest,
  type ApiWorld,
  buildApiWorld,
  type DeptKey,
  requestFor,
  routeKey,
  type Target,
  websocketRoutes,
} from "./api-world.ts";
import { createTestApp, type TestApp } from "./harness.ts";

export type Outcome = "ok" | "401" | "403" | "404";
/** The same outcome against both departments, or `A|B`. */
export type Cell = Outcome | `${Outcome}|${Outcome}`;

/**
 * The callers, in the order of a row. Kari owns A's resources (author, uploader,
 * offerer, DM participant, the person of the profile routes); Ola is another staff member
 * of A (not in Kari's DM or the private channel; he proposed the deal on Kari's offer).
 * The admin and leader are A's; Per owns B's resources; leader B leads B.
 */
export const callers = ["anonymous", "kari", "ola", "leader", "admin", "per", "leaderB"] as const;
export type Caller = (typeof callers)[number];
export type Row = readonly [Cell, Cell, Cell, Cell, Cell, Cell, Cell];

/** Public routes: answered whoever asks. */
export const everyone: Row = ["ok", "ok", "ok", "ok", "ok", "ok", "ok"];
/** Anyone signed in, about themselves or their current department. */
export const signedIn: Row = ["401", "ok", "ok", "ok", "ok", "ok", "ok"];

export interface Case {
  row: Row;
  /** which resource a path parameter names, over the route's default */
  use?: Target["use"];
  /** the body or query string, over the route's default */
  body?: Target["body"];
  query?: Target["query"];
  /** names the case among several of one route */
  label?: string;
  /**
   * Each allowed call gets a world of its own: one call's change would change the next
   * one's answer (a deleted shift is not there for the next caller).
   */
  isolate?: boolean;
}
export type Entry = Row | Case | Case[];
/** Keyed by "METHOD /api/url" as the route registry lists it. */
export type RouteTable = Record<string, Entry>;

const isRow = (entry: Entry): entry is Row => Array.isArray(entry) && typeof entry[0] === "string";

export const cases = (entry: Entry): Case[] =>
  isRow(entry) ? [{ row: entry }] : Array.isArray(entry) ? (entry as Case[]) : [entry as Case];

const outcomeOf = (cell: Cell, dept: DeptKey): Outcome => {
  const [a, b] = cell.split("|") as [Outcome, Outcome | undefined];
  return dept === "a" ? a : (b ?? a);
};

interface Answer {
  statusCode: number;
  body: string;
  json(): { error?: { code?: string } };
}

/**
 * The answer to `req` with `cookie`. A WebSocket route is asked for an upgrade: an open
 * socket is 101; a refused upgrade answers its status (and no body).
 */
export async function send(
  t: TestApp,
  route: { method: string; url: string },
  req: ApiRequest,
  cookie?: string,
) {
  const headers = { ...req.headers, ...(cookie ? { cookie } : {}) };
  if (websocketRoutes.has(routeKey(route))) {
    const refused = (statusCode: number): Answer => ({ statusCode, body: "", json: () => ({}) });
    try {
      const socket = await t.app.injectWS(req.url, { headers });
      socket.terminate();
      return refused(101);
    } catch (err) {
      const status = /Unexpected server response: (\d+)/.exec(String(err))?.[1];
      if (!status) throw err;
      return refused(Number(status));
    }
  }
  return t.app.inject({
    method: req.method as "GET",
    url: req.url,
    headers,
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
}

/** The class of an answer, or what is wrong with it. */
export function classify(res: Answer): Outcome | "error" | "invalid" {
  const { statusCode } = res;
  if (statusCode >= 500 || statusCode === 429) return "error";
  if (statusCode === 400 && res.json().error?.code === "validation_failed") return "invalid";
  if (statusCode === 401 || statusCode === 403 || statusCode === 404) return String(statusCode) as Outcome;
  return "ok";
}

/** The rate limits are not what the matrix asks about: hundreds of sign-ins come from one address. */
const env = { RATE_LIMIT_PER_EMAIL: "1000000", RATE_LIMIT_PER_IP: "1000000" };

interface Cellular {
  caller: Caller;
  dept: DeptKey;
  expected: Outcome;
}

interface MatrixFigures {
  routes: number;
  cells: number;
  worlds: number;
  ms: number;
}

/**
 * One test per route of `table`: each case's cells, refused callers first (a refusal
 * changes nothing), then the allowed ones. A route that changes anything gets a world
 * of its own, so no route sees another's changes.
 */
export function describeMatrix(feature: string, table: RouteTable) {
  describe(`access matrix: ${feature}`, () => {
    let t: TestApp;
    let shared: ApiWorld;
    const figures: MatrixFigures = { routes: 0, cells: 0, worlds: 0, ms: 0 };
    let started = 0;
    const world = async () => {
      figures.worlds++;
      return buildApiWorld(t);
    };

    beforeAll(async () => {
      started = Date.now();
      t = await createTestApp(env);
      shared = await world();
    });
    afterAll(async () => {
      figures.ms = Date.now() - started;
      console.info(
        `access matrix ${feature}: ${figures.routes} routes, ${figures.cells} cells (${callers.length} callers × 2 departments per case), ${figures.worlds} worlds, ${figures.ms} ms`,
      );
      await t?.close();
    });

    for (const [key, entry] of Object.entries(table)) {
      it(key, async () => {
        const [method, url] = key.split(" ") as [string, string];
        const route: Pick<RegisteredRoute, "method" | "url"> = { method, url };
        const wrong: string[] = [];
        figures.routes++;
        for (const c of cases(entry)) {
          const mutates = method !== "GET";
          let w = mutates ? await world() : shared;
          const cells: Cellular[] = callers.flatMap((caller, i) =>
            (["a", "b"] as const).map((dept) => ({ caller, dept, expected: outcomeOf(c.row[i]!, dept) })),
          );
          const ordered = [
            ...cells.filter((x) => x.expected !== "ok"),
            ...cells.filter((x) => x.expected === "ok"),
          ];
          let allowedSoFar = 0;
          for (const cell of ordered) {
            if (cell.expected === "ok" && mutates && c.isolate && allowedSoFar++ > 0) w = await world();
            // The callers but the anonymous one are people of the world, by name.
            const who = cell.caller === "anonymous" ? null : cell.caller;
            const req = await requestFor(t, route, w, {
              dept: cell.dept,
              caller: who && w.ids[who],
              ...(c.use ? { use: c.use } : {}),
              ...(c.body ? { body: c.body } : {}),
              ...(c.query ? { query: c.query } : {}),
            });
            const res = await send(t, route, req, who ? w.as[who].cookieHeader() : undefined);
            figures.cells++;
            const got = classify(res);
            if (got !== cell.expected)
              wrong.push(
                `${c.label ? `${c.label}: ` : ""}${cell.caller} on ${cell.dept.toUpperCase()}: expected ${cell.expected}, got ${got} (${res.statusCode} ${res.body.slice(0, 160)})`,
              );
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  });
}
