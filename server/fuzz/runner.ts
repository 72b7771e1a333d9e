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
import { type ApiWorld, buildApiWorld, fillPath, requestFor } from "../test/api-world.ts";
import { signedInClient } from "../test/factories.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { type FuzzRequest, type RouteKnowledge, requestArb } from "./generators.ts";
import { type FuzzGroup, groupOf } from "./groups.ts";

const runs = Number(process.env.FUZZ_RUNS ?? 200);
const baseSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const onlyRoute = process.env.FUZZ_ROUTE;
const replayPath = process.env.FUZZ_PATH;
const caseTimeoutMs = 5_000;
/**
 * A route's time: its cases at a generous 300 ms each (a state-changing case digests every
 * data table twice, and a loaded CI machine ran POST /api/dev/bootstrap's 200 cases past
 * 30 s), never under the suite's usual 30 s. A hung case still fails on `caseTimeoutMs`.
 */
const routeTimeoutMs = Math.max(30_000, runs * 300);

/**
 * Tables any request may write without changing what the app holds: attempt counters,
 * sessions' last use, presence heartbeats.
 */
const volatileTables = new Set(["rate_limits", "session", "presence"]);

/** What a read may write: the access log records who opened another person's record. */
const readsRecorded = new Set(["access_log"]);

/** One seed per route from the run's seed, so a route replays alone. */
function routeSeed(route: RegisteredRoute): number {
  let h = baseSeed;
  for (const c of `${route.method} ${route.url}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/** The data tables: every table of the schema but the volatile ones (they do not change in a run). */
async function dataTables(t: TestApp): Promise<string[]> {
  const tables = await t.ctx.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rowsOf<{ name: string }>(tables)
    .map((r) => r.name)
    .filter((n) => !volatileTables.has(n))
    .sort();
}

/**
 * Queues their jobs drain on their own time (mail sent, notifications delivered, pushes
 * retried): what a request may not do there is add to them, so only their ids are compared.
 */
const queueTables = new Set(["mail_outbox", "notification_outbox", "push_queue"]);

/**
 * A digest of every data table's rows: their count and the sum of their hashes (a few
 * ms on this data); a queue's ids as they are.
 */
async function digest(t: TestApp, tables: string[]): Promise<Record<string, string>> {
  const parts = tables.map((n) =>
    queueTables.has(n)
      ? sql`select ${n} as name, coalesce(string_agg(id::text, ' '), '') as hash from ${sql.identifier(n)}`
      : // the rows' hashes summed: no sort, and the same whatever order the rows come in
        sql`select ${n} as name, count(*)::text || ':' || coalesce(sum(('x' || left(md5(x::text), 15))::bit(60)::bigint), 0)::text as hash from ${sql.identifier(n)} x`,
  );
  const rows = await t.ctx.db.execute<{ name: string; hash: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rowsOf<{ name: string; hash: string }>(rows).map((r) => [r.name, r.hash]));
}

/** The tables whose digests differ; of a queue, the ones with an id added. */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((n) => {
    if (!queueTables.has(n)) return before[n] !== after[n];
    const earlier = new Set(before[n]!.split(" "));
    return after[n]!.split(" ").some((id) => id && !earlier.has(id));
  });
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
 * A describe block that fuzzes every route of `group` in the app's registry, on
 * one app whose admin of department A is the signed-in caller.
 */
export function fuzzRoutes(name: FuzzGroup) {
  describe(name, () => {
    let t: TestApp;
    let adminId: string;
    let cookie = "";
    let world: ApiWorld;
    let tables: string[];
    const figures: FuzzFigures = { routes: 0, cases: 0, byStatus: {}, ms: 0 };

    async function signIn() {
      cookie = (await signedInClient(t, adminId)).cookieHeader();
    }

    beforeAll(async () => {
      // Limits high enough that the cases reach validation and handlers, not only 429.
      t = await createTestApp({ RATE_LIMIT_PER_IP: "1000000", RATE_LIMIT_PER_EMAIL: "1000000" });
      world = await buildApiWorld(t);
      adminId = world.ids.admin;
      tables = await dataTables(t);
      expect(tables).toContain("chat_messages");
      await signIn();
    });

    /** Every id of both departments for any parameter, the route's own first; and its valid requests. */
    async function knowledgeOf(route: RegisteredRoute): Promise<RouteKnowledge> {
      const all = [...Object.values(world.dept.a), ...Object.values(world.dept.b)];
      const own = (["a", "b"] as const).map((dept) => fillPath(route, world, { dept }));
      const ids = (param: string) => {
        const at = route.url.split("/").indexOf(`:${param}`);
        return [...new Set([...own.map((url) => url.split("/")[at]!), ...all])];
      };
      const valid = await Promise.all(
        (["a", "b"] as const).map((dept) => requestFor(t, route, world, { dept, caller: adminId })),
      );
      return { ids, valid };
    }

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
      // As a browser sends it with every state-changing request.
      if (req.method !== "GET") headers.origin = new URL(t.ctx.config.publicUrl).origin;
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

    const names = routeNames(name);
    // FUZZ_ROUTE may name a route of another group.
    if (!names.length) test.skip("no route of this group is named by FUZZ_ROUTE", () => {});
    test.each(names)(
      "%s",
      async (label) => {
        const route = t.routes.find((r) => `${r.method} ${r.url}` === label)!;
        const started = Date.now();
        const known = await knowledgeOf(route);
        // A GET changes no data whatever it answers: checked once over the route's cases. A
        // state-changing route may change data when it accepts a case, never when it refuses
        // one: checked case by case.
        const safe = route.method === "GET";
        let before = await digest(t, tables);
        const start = before;
        // Every data table digested, or the check would hold of nothing.
        expect(Object.keys(start).sort()).toEqual(tables);
        await fc.assert(
          fc.asyncProperty(requestArb(route, known), async (req) => {
            const res = await send(req);
            figures.cases++;
            figures.byStatus[res.statusCode] = (figures.byStatus[res.statusCode] ?? 0) + 1;
            if (res.statusCode >= 500)
              throw new Error(
                `${res.statusCode} for ${req.family} as ${req.caller}: ${res.body.slice(0, 300)}`,
              );
            if (safe) return;
            if (res.statusCode < 400) await keepSignedIn();
            // Work done after the answer (mail) belongs to this case, not the next.
            await t.ctx.background.settled();
            const after = await digest(t, tables);
            const touched = changed(before, after);
            before = after;
            if (res.statusCode >= 400 && touched.length)
              throw new Error(
                `${res.statusCode} refused, yet changed ${touched.join(", ")}: ${res.body.slice(0, 300)}`,
              );
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
        if (safe)
          expect(
            changed(start, await digest(t, tables)).filter((table) => !readsRecorded.has(table)),
            `tables a GET of ${label} changed`,
          ).toEqual([]);
        figures.routes++;
        figures.ms += Date.now() - started;
      },
      routeTimeoutMs,
    );
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
 * The names of a group's routes, needed when the tests are declared, before a file's own
 * app exists: read from one app built for that, without demo data (every app registers
 * the same routes).
 */
function routeNames(group: FuzzGroup): string[] {
  return allRoutes
    .filter((r) => groupOf(r) === group)
    .map((r) => `${r.method} ${r.url}`)
    .filter((l) => !onlyRoute || l === onlyRoute);
}

const allRoutes: RegisteredRoute[] = await (async () => {
  const t = await createTestApp({}, { seed: false });
  const routes = [...t.routes];
  await t.close();
  return routes;
})();
