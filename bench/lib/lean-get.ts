/**
 * GET requests as a lean load generator makes them, for the closed-loop read tests.
 * The generator shares the machine's two cores with the server and the database, so its
 * own cost per request lowers what the server can show: `fetch` (a fresh body stream,
 * gunzip and JSON parse every time) used a whole core at ~1,200 requests/s. Here: Node's
 * http client over kept-alive sockets, asking for gzip as a browser does and reading
 * every answer's whole body; the status is checked on every answer, the content (gunzip,
 * JSON, `check`) on every `checkEvery`-th of each worker and on its first, so a server
 * that answers wrongly is still caught within a few requests.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";

export interface LeanGet {
  /** One request for `worker`: null for a good answer, else what was wrong. */
  request(worker: number, headers: Record<string, string>): Promise<string | null>;
  close(): void;
}

export function leanGet(
  url: string,
  opts: { concurrency: number; checkEvery?: number; check: (body: unknown) => string | null },
): LeanGet {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const checkEvery = opts.checkEvery ?? 10;
  const counts = new Map<number, number>();
  const target = new URL(url);
  const request = (worker: number, headers: Record<string, string>) =>
    new Promise<string | null>((resolve, reject) => {
      const n = counts.get(worker) ?? 0;
      counts.set(worker, n + 1);
      const req = http.get(
        target,
        { agent, headers: { ...headers, "accept-encoding": "gzip, deflate, br" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            if (res.statusCode !== 200) return resolve(`HTTP ${res.statusCode}`);
            if (n % checkEvery !== 0) return resolve(null);
            const raw = Buffer.concat(chunks);
            const text = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
            resolve(opts.check(JSON.parse(text.toString("utf8"))));
          });
        },
      );
      req.on("error", reject);
    });
  return { request, close: () => agent.destroy() };
}
