/**
 * Runs the fuzz cases of a set of routes against one real app: every case must answer
 * below 500 within its time, and a route's refused cases must leave the data as it was.
 *
 * FUZZ_RUNS   cases per route (default 200)
 * FUZZ_SEED   the run's seed (default: random, printed on failure) to replay a failure
 * FUZZ_ROUTE  only the route named so, e.g. "POST /api/chat/channels", with FUZZ_PATH
 * FUZZ_PATH   the path fast-check printed, to replay just the failing case
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RegisteredRoute } from "../platform/pipeline.ts";
import { makeDepartment, makeStaff, signedInClient } from "../test/factories.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { type FuzzRequest, type KnownIds, requestArb } from "./generators.ts";

const runs = Number(process.env.FUZZ_RUNS ?? 200);
const baseSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const onlyRoute = process.env.FUZZ_ROUTE;
const replayPath = process.env.FUZZ_PATH;
const caseTimeoutMs = 5_000;
const origin = "http://localhost:3000";

/**
 * Tables any request may write without changing what the app holds: attempt counters,
 * sessions' last use, presence heartbeats.
 */
const volatileTables = new Set(["rate_limits", "session", "presence"]);

/** One seed per route from the run's seed, so a route replays alone. */
function routeSeed(route: RegisteredRoute): number {
  let h = baseSeed;
  for (const c of `${route.method} ${route.url}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** A digest of every data table's rows, in an order of their own. */
async function digest(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.ctx.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\_\_%'`,
  );
  const names = rowsOf<{ name: string }>(tables)
    .map((r) => r.name)
    .filter((n) => !volatileTables.has(n))
    .sort();
  const parts = names.map(
    (n) =>
      sql`select ${n} as name, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as hash from ${sql.identifier(n)} x`,
  );
  const rows = await t.ctx.db.execute<{ name: string; hash: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rowsOf<{ name: string; hash: string }>(rows).map((r) => [r.name, r.hash]));
}

/** PGlite answers `{ rows }`, node-postgres through drizzle the same; tolerate both shapes. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface FuzzFigures {
  routes: number;
  cases: number;
  byStatus: Record<string, number>;
  ms: number;
}

/**
 * A describe block that fuzzes every route `select` picks from the app's registry, on
 * one app whose admin of department A is the signed-in caller.
 */
export function fuzzRoutes(name: string, select: (route: RegisteredRoute) => boolean) {
  describe(name, () => {
    let t: TestApp;
    let adminId: string;
    let cookie = "";
    let known: KnownIds = () => [];
    const figures: FuzzFigures = { routes: 0, cases: 0, byStatus: {}, ms: 0 };

    async function signIn() {
      cookie = (await signedInClient(t, adminId)).cookieHeader();
    }

    beforeAll(async () => {
      // Limits high enough that the cases reach validation and handlers, not only 429.
      t = await createTestApp({ RATE_LIMIT_PER_IP: "1000000", RATE_LIMIT_PER_EMAIL: "1000000" });
      const a = (await makeDepartment(t)).id;
      const b = (await makeDepartment(t)).id;
      const admin = await makeStaff(t, { role: "admin", dept: a, active: true });
      const other = await makeStaff(t, { role: "staff", dept: b, active: true });
      adminId = admin.userId;
      await signIn();
      // A few real ids until a shared world of every resource kind lands: the
      // departments, a person of each, and A's chat thread (the upload route's target).
      const thread = await t.app.inject({
        method: "POST",
        url: "/api/chat/department",
        headers: { cookie, origin },
      });
      const ids: Record<string, string[]> = {
        deptId: [a, b],
        userId: [adminId, other.userId],
        threadId: [thread.json().id],
      };
      known = (param) => ids[param] ?? [];
    });

    afterAll(async () => {
      await t?.close();
      const statuses = Object.entries(figures.byStatus)
        .sort()
        .map(([s, n]) => `${s}:${n}`)
        .join(" ");
      console.info(
        `fuzz ${name}: ${figures.routes} routes, ${figures.cases} cases, ${figures.ms} ms; ${statuses}`,
      );
    });

    async function send(req: FuzzRequest) {
      const headers: Record<string, string> = { ...req.headers };
      if (req.caller === "admin") headers.cookie = cookie;
      if (req.method !== "GET") headers.origin = origin;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${caseTimeoutMs} ms`)), caseTimeoutMs);
      });
      try {
        return await Promise.race([
          t.app.inject({
            method: req.method as "GET",
            url: req.url,
            headers,
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          }),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    }

    /** A case the app accepted may have ended or changed the caller's session: start a new one. */
    async function keepSignedIn() {
      const res = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
      if (!res.json().session) await signIn();
    }

    test.each(
      // The registry is filled when the app is built; the names are known before it.
      routeNames(select),
    )("%s", async (label) => {
      const route = t.routes.find((r) => `${r.method} ${r.url}` === label)!;
      const started = Date.now();
      const before = await digest(t);
      let accepted = false;
      await fc.assert(
        fc.asyncProperty(requestArb(route, known), async (req) => {
          const res = await send(req);
          figures.cases++;
          const cls = `${Math.floor(res.statusCode / 100)}xx`;
          figures.byStatus[cls] = (figures.byStatus[cls] ?? 0) + 1;
          if (res.statusCode >= 500)
            throw new Error(
              `${res.statusCode} for ${req.family} as ${req.caller}: ${res.body.slice(0, 300)}`,
            );
          if (res.statusCode < 400 && req.method !== "GET") {
            accepted = true;
            await keepSignedIn();
          }
        }),
        {
          numRuns: runs,
          seed: routeSeed(route),
          endOnFailure: true,
          ...(replayPath ? { path: replayPath } : {}),
          reporter: (out) => {
            if (out.failed)
              throw new Error(
                `fuzz failed: FUZZ_SEED=${baseSeed} FUZZ_ROUTE="${label}" FUZZ_PATH="${out.counterexamplePath}"\n` +
                  `request: ${describeCase(out.counterexample?.[0])}\n${String(out.errorInstance ?? "")}`,
              );
          },
        },
      );
      // Refused cases change nothing; a route that accepted some may have (that is its job).
      if (!accepted) expect(await digest(t), `data changed by refused requests to ${label}`).toEqual(before);
      figures.routes++;
      figures.ms += Date.now() - started;
    });
  });
}

function describeCase(req: FuzzRequest | undefined): string {
  if (!req) return "?";
  const payload =
    req.payload === undefined
      ? ""
      : String(req.payload instanceof Buffer ? `<${req.payload.length} bytes>` : req.payload);
  return `${req.method} ${req.url.slice(0, 300)} [${req.family}, ${req.caller}] ${JSON.stringify(req.headers)} ${payload.slice(0, 300)}`;
}

/**
 * The routes' names without building an app: every feature's routes are declared the
 * same way for every test app, so one app built here (cheaply, the first time) tells.
 */
function routeNames(select: (route: RegisteredRoute) => boolean): string[] {
  return allRoutes
    .filter(select)
    .map((r) => `${r.method} ${r.url}`)
    .filter((l) => !onlyRoute || l === onlyRoute);
}

const allRoutes: RegisteredRoute[] = await (async () => {
  const t = await createTestApp({}, { seed: false });
  const routes = [...t.routes];
  await t.close();
  return routes;
})();
