/**
 * Each query of the mix once, alone, as the app's search service runs it (its own code,
 * in this process, on the benchmark's database, as the first client's person): how long
 * the whole search took with nothing else running (the floor under the loaded figures),
 * and every statement it ran explained with its own parameters (server/test/query-plans.ts):
 * those inside `search_hits` (auto_explain, analysed), PostgreSQL's execution time and the
 * plan's nodes (those under a millisecond only counted). The call is captured by a
 * Drizzle logger as the volume benchmark captures its statements.
 */
import { threadKinds } from "../../common/schemas/chat.ts";
import { openDatabase } from "../../server/db/client.ts";
import { search } from "../../server/features/chat/search.ts";
import { loadActor } from "../../server/platform/actor.ts";
import { innerPlansOf, QueryCapture } from "../../server/test/query-plans.ts";
import { ms } from "../lib/stats.ts";
import { queryKinds } from "./queries.ts";
import type { SearchUser } from "./seed.ts";

export async function explainSearches(databaseUrl: string, user: SearchUser) {
  const capture = new QueryCapture();
  const database = await openDatabase({ databaseUrl, statementTimeoutMs: 60_000 }, { logger: capture });
  const { db } = database;
  try {
    const viewer = { actor: await loadActor(db, user.id), now: new Date(), env: { demoTools: false } };
    const request = (q: string) => ({ q, kinds: threadKinds });
    // Once unmeasured, so the first query does not pay for the connections and the caches.
    await search(db, viewer, request("vakt"));
    console.log(
      "\nEach query alone, through the app's search code in this process (no HTTP): the whole search,\n" +
        "then each statement's EXPLAIN ANALYZE execution time and plan",
    );
    for (const kind of queryKinds)
      for (const q of kind.queries) {
        const started = performance.now();
        const found = await capture.during(q, () => search(db, viewer, request(q)));
        const took = performance.now() - started;
        console.log(
          `\n${kind.kind}: ${q}  ${ms(took)} alone, ${found.messages.length} messages` +
            `${found.moreMessages ? " (more)" : ""}, ${found.files.length} files, ${found.people.length} people`,
        );
        let quick = 0;
        for (const query of capture.queries.filter((c) => c.endpoint === q))
          for (const plan of await innerPlansOf(db, query, { analyze: true, noSeqScan: false })) {
            const ran = plan.executionMs ?? Number.NaN;
            if (ran < 1) quick++;
            else {
              const what = /\bfrom\s+"?(\w+)"?/i.exec(plan.query.text)?.[1] ?? "?";
              console.log(`  ${ms(ran).padStart(9)}  ${what}: ${plan.nodes.join(" > ")}`);
            }
          }
        if (quick > 0) console.log(`  and ${quick > 1 ? `${quick} statements` : "1 statement"} under 1 ms`);
      }
  } finally {
    await database.close();
  }
}
