/**
 * The search load: `parallel` clients in a closed loop (lib/closed-loop.ts), each asking
 * the next query of the mix (queries.ts) as soon as its previous answer came, for a
 * warm-up and then the measured seconds. Against
 *  - the app: `GET /api/search?q=…` as a signed-in person (client i the i-th search user:
 *    different people in different departments), through the lean client's kept-alive
 *    connections (lib/lean-http.ts), whole answers read; any status but 200 is an error;
 *    and the same at a rate (`runAppSearchAt`): searches arriving on schedule whatever
 *    the answers (lib/open-loop.ts), as people search, not as fast as the machine goes;
 *  - the bare baseline: the same queries straight to PostgreSQL through `pg`, one
 *    connection per client, as the essential query of the same indexes (`bareQuery`).
 * Latencies come back overall and by kind of query and by query; of every fifth answer of
 * each client the hits are counted, so the figures say what the queries found.
 */
import pg from "pg";
import { openDatabase } from "../../server/db/client.ts";
import { fullTextOf } from "../../server/features/chat/search.ts";
import { type ClosedLoopResult, runClosedLoop } from "../lib/closed-loop.ts";
import type { RunningServer } from "../lib/infra.ts";
import { type Answer, answerJson, LeanConnection, LeanPool, requestBytes } from "../lib/lean-http.ts";
import { type OpenLoopResult, runOpenLoop } from "../lib/open-loop.ts";
import { type QueryKind, queryFor, queryKinds } from "./queries.ts";
import type { SearchUser } from "./seed.ts";

export interface LoadOptions {
  parallel: number;
  warmupSeconds: number;
  seconds: number;
}

/** What the answers of one query (or kind) held, over the answers counted. */
export interface Hits {
  answers: number;
  /** messages returned, in all */
  messages: number;
  /** answers with `moreMessages` (more matched than shown) */
  more: number;
}

export interface SearchRun {
  label: string;
  loop: ClosedLoopResult | OpenLoopResult;
  /** latencies of the answered requests by kind, and errors by kind */
  byKind: Map<string, { latencies: number[]; errors: number }>;
  /** latencies by query */
  byQuery: Map<string, number[]>;
  hits: Map<string, Hits>;
}

/** Every this many answers of a client, the hits are counted (the body decompressed and parsed). */
const countEvery = 5;

/** The running figures of a load, filled by each client's requests. */
class Tally {
  readonly byKind = new Map<string, { latencies: number[]; errors: number }>(
    queryKinds.map((k) => [k.kind, { latencies: [], errors: 0 }]),
  );
  readonly byQuery = new Map<string, number[]>();
  readonly hits = new Map<string, Hits>();
  /** what each request under way asked, by its slot (the worker, or the request's number) */
  private readonly asked = new Map<number, { kind: QueryKind; q: string }>();
  private readonly sent: number[];
  private readonly counted = new Set<string>();

  constructor(parallel: number) {
    this.sent = new Array<number>(parallel).fill(0);
  }

  /**
   * The next query of `client` (asked in `slot`: the worker, or the request's number when
   * several of a client's may be under way), and whether its hits are to be counted (its
   * first time, every fifth).
   */
  next(client: number, slot = client) {
    const n = this.sent[client]!++;
    const query = queryFor(client, n);
    this.asked.set(slot, query);
    const first = !this.counted.has(`${client} ${query.q}`);
    if (first) this.counted.add(`${client} ${query.q}`);
    return { ...query, count: first || n % countEvery === 0 };
  }

  hit(q: string, messages: number, more: boolean) {
    const h = this.hits.get(q) ?? { answers: 0, messages: 0, more: 0 };
    h.answers++;
    h.messages += messages;
    if (more) h.more++;
    this.hits.set(q, h);
  }

  /** the loops' `sample`: a measured request in `slot` ended. */
  sample = (slot: number, ms: number, error: string | null) => {
    const { kind, q } = this.asked.get(slot)!;
    const k = this.byKind.get(kind.kind)!;
    if (error) k.errors++;
    else {
      k.latencies.push(ms);
      const list = this.byQuery.get(q);
      if (list) list.push(ms);
      else this.byQuery.set(q, [ms]);
    }
  };

  result(label: string, loop: ClosedLoopResult | OpenLoopResult): SearchRun {
    return { label, loop, byKind: this.byKind, byQuery: this.byQuery, hits: this.hits };
  }
}

/** The error code of a refusal's JSON body, and a space; nothing when there is none. */
function errorCode(answer: Answer) {
  try {
    const code = (answerJson(answer) as { error?: { code?: string } }).error?.code;
    return code ? `${code} ` : "";
  } catch {
    return "";
  }
}

/**
 * One search as `client`'s person (the client's next query, asked in `slot`), sent by
 * `send`; its answer checked and now and then its hits counted.
 */
function appSearcher(server: RunningServer, users: SearchUser[], tally: Tally) {
  const target = new URL(server.base);
  // The server's PUBLIC_URL is its own address: the Origin of a page it served.
  const headers = (user: SearchUser) => ({ cookie: user.cookie, origin: server.base });
  return async (client: number, slot: number, send: (request: Buffer) => Promise<Answer>) => {
    const user = users[client % users.length]!;
    const { kind, q, count } = tally.next(client, slot);
    const answer = await send(
      requestBytes("GET", target, `/api/search?q=${encodeURIComponent(q)}`, headers(user)),
    );
    if (answer.status !== 200) return `HTTP ${answer.status} ${errorCode(answer)}(${kind.kind})`;
    if (count) {
      const body = answerJson(answer) as { messages?: unknown[]; moreMessages?: boolean };
      if (!Array.isArray(body.messages)) return "answer without messages";
      tally.hit(q, body.messages.length, body.moreMessages === true);
    }
    return null;
  };
}

/** The app: each client a kept-alive connection asking as its person. */
export async function runAppSearch(
  server: RunningServer,
  users: SearchUser[],
  opts: LoadOptions,
  label: string,
): Promise<SearchRun> {
  const target = new URL(server.base);
  const tally = new Tally(opts.parallel);
  const search = appSearcher(server, users, tally);
  const connections: LeanConnection[] = [];
  const request = (i: number) =>
    search(i, i, (bytes) => {
      let connection = connections[i];
      if (!connection?.usable) connection = connections[i] = new LeanConnection(target);
      return connection.send(bytes);
    });
  try {
    const loop = await runClosedLoop(
      { concurrency: opts.parallel, ...opts, serverPid: server.pid, sample: tally.sample },
      request,
    );
    return tally.result(label, loop);
  } finally {
    for (const c of connections) c.close();
  }
}

/**
 * The app at a rate: searches arriving `rate` a second whatever the answers (open loop),
 * the k-th asked by client k mod `parallel` (the same people and mix as the closed loop),
 * each on a free kept-alive connection or a new one.
 */
export async function runAppSearchAt(
  server: RunningServer,
  users: SearchUser[],
  opts: LoadOptions & { rate: number },
  label: string,
): Promise<SearchRun> {
  const tally = new Tally(opts.parallel);
  const search = appSearcher(server, users, tally);
  const pool = new LeanPool(new URL(server.base));
  try {
    const loop = await runOpenLoop({ ...opts, serverPid: server.pid, sample: tally.sample }, (k) =>
      search(k % opts.parallel, k, (bytes) => pool.send(bytes)),
    );
    return tally.result(label, loop);
  } finally {
    pool.close();
  }
}

/**
 * The essential query of a search in one department, on the same indexes as the app's:
 * the full-text query of every word as a word or an inflection, or a word of the
 * department it is part of (looked up once per department and query before the load,
 * through the database's `search_full_text`, as the app's search asks it), every "phrase" as its words in a
 * row; the newest 20. Not done, unlike the app: the session, the rate limit, the threads
 * the caller may read, ranking the newest 40, the fuzzy pass when nothing matched,
 * looking the words up, snippets, files and colleagues.
 */
export function bareQuery(deptId: string, fullText: string): { text: string; values: string[] } {
  return {
    text:
      "select id from chat_messages where dept_id = $1 and deleted_at is null" +
      " and search_vector @@ to_tsquery('norwegian', $2) order by seq desc limit 20",
    values: [deptId, fullText],
  };
}

/** Each department's full-text query of each query of the mix, as the app would ask it. */
async function fullTextQueries(databaseUrl: string, deptIds: string[]) {
  const database = await openDatabase({ databaseUrl });
  try {
    const queries = new Map<string, string>();
    for (const deptId of new Set(deptIds))
      for (const { queries: texts } of queryKinds)
        for (const q of texts)
          queries.set(`${deptId} ${q}`, (await fullTextOf(database.db, [deptId], q)) ?? "");
    return queries;
  } finally {
    await database.close();
  }
}

/** The bare baseline: each client one `pg` connection (no JIT, as the app's pool), in its user's department. */
export async function runBaselineSearch(
  databaseUrl: string,
  users: SearchUser[],
  opts: LoadOptions,
  label: string,
): Promise<SearchRun> {
  const tally = new Tally(opts.parallel);
  const fullText = await fullTextQueries(
    databaseUrl,
    users.map((u) => u.deptId),
  );
  const clients = Array.from(
    { length: opts.parallel },
    () => new pg.Client({ connectionString: databaseUrl, options: "-c jit=off" }),
  );
  try {
    await Promise.all(clients.map((c) => c.connect()));
    const request = async (i: number) => {
      const { q, count } = tally.next(i);
      const deptId = users[i % users.length]!.deptId;
      const { text, values } = bareQuery(deptId, fullText.get(`${deptId} ${q}`)!);
      const result = await clients[i]!.query(text, values);
      if (count) tally.hit(q, result.rowCount ?? 0, false);
      return null;
    };
    // No server: the CPU shares are PostgreSQL's and this process's.
    const loop = await runClosedLoop(
      { concurrency: opts.parallel, ...opts, serverPid: [], sample: tally.sample },
      request,
    );
    return tally.result(label, loop);
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}
