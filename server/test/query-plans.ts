/**
 * The statements a request makes, as the app sent them, and PostgreSQL's plan for each:
 * `QueryCapture` is the Drizzle logger the database is opened with (harness
 * `queryLogger`), and keeps the reads made while a request named with `during` runs;
 * `planOf` asks `EXPLAIN (FORMAT JSON)` for one of them with its own parameters, and
 * `innerPlansOf` the plans of the statements a function it calls runs (search_hits').
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type Logger, type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.ts";

/**
 * Tables that grow with the years (messages, shifts and what hangs off them): read
 * whole, they make a list slower every month. The rest grows with the staff only.
 */
export const bigTables = new Set([
  "chat_threads",
  "chat_thread_members",
  "chat_messages",
  "chat_message_reactions",
  "chat_message_attachments",
  "shifts",
  "shift_interests",
  "shift_assignments",
  "shift_allocation_runs",
  "swap_offers",
  "swap_deals",
  "notifications",
  "admin_audit_log",
]);

export interface CapturedQuery {
  /** the request it was made for, e.g. `GET /api/shifts?view=open` */
  endpoint: string;
  text: string;
  params: unknown[];
}

/** A statement that only reads: one EXPLAIN ANALYZE may run without changing anything. */
const isRead = (text: string) =>
  /^\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);

export class QueryCapture implements Logger {
  readonly queries: CapturedQuery[] = [];
  private readonly endpoint = new AsyncLocalStorage<string>();

  logQuery(text: string, params: unknown[]) {
    const endpoint = this.endpoint.getStore();
    // Outside a request (jobs, setup) nothing is kept; the same statement of one request once.
    if (!endpoint || !isRead(text)) return;
    if (this.queries.some((q) => q.endpoint === endpoint && q.text === text)) return;
    this.queries.push({ endpoint, text, params });
  }

  /** Runs `work`, keeping the reads it makes under `endpoint`. */
  during<T>(endpoint: string, work: () => Promise<T>): Promise<T> {
    return this.endpoint.run(endpoint, work);
  }
}

/** The statement again, its `$n` bound to the values it was sent with (Drizzle numbers them anew). */
function withParams(prefix: string, q: CapturedQuery): SQL {
  const parts = q.text.split(/\$(\d+)\b/);
  const statement = sql.raw(prefix);
  parts.forEach((part, i) => {
    statement.append(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(q.params[Number(part) - 1])}`);
  });
  return statement;
}

interface PlanNode {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Index Cond"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

export interface QueryPlan {
  query: CapturedQuery;
  /** node types, depth first, with the relation or index each one reads */
  nodes: string[];
  /**
   * How it reads a big table whole: a Seq Scan, or an index scan with no condition that
   * no Limit of its own (sub)query stops (an index walked end to end for its order).
   */
  wholeReads: string[];
  /** EXPLAIN ANALYZE only: the execution time PostgreSQL measured */
  executionMs: number | null;
}

/** Visits every node with whether a Limit above it, in the same (sub)query, stops its reading early. */
function walk(node: PlanNode, limited: boolean, visit: (n: PlanNode, limited: boolean) => void) {
  visit(node, limited);
  for (const child of node.Plans ?? []) {
    const ownQuery = !["SubPlan", "InitPlan"].includes(child["Parent Relationship"] ?? "");
    walk(child, ownQuery && (limited || node["Node Type"] === "Limit"), visit);
  }
}

/** An index scan with no condition reads a partial index's rows only: a narrow read too. */
function readsWhole(n: PlanNode, limited: boolean, partial: Set<string>): boolean {
  if (!bigTables.has(n["Relation Name"] ?? "")) return false;
  if (n["Node Type"] === "Seq Scan") return true;
  if (!["Index Scan", "Index Only Scan"].includes(n["Node Type"])) return false;
  return !n["Index Cond"] && !limited && !partial.has(n["Index Name"] ?? "");
}

const partialIndexes = new WeakMap<Db, Promise<Set<string>>>();

function partialIndexesOf(db: Db): Promise<Set<string>> {
  let names = partialIndexes.get(db);
  if (!names) {
    names = db
      .execute(sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indpred is not null`)
      .then((r) => new Set((r as unknown as { rows: { name: string }[] }).rows.map((row) => row.name)));
    partialIndexes.set(db, names);
  }
  return names;
}

const describeNode = (n: PlanNode) =>
  n["Index Name"]
    ? `${n["Node Type"]} (${n["Index Name"]})`
    : n["Relation Name"]
      ? `${n["Node Type"]} (${n["Relation Name"]})`
      : n["Node Type"];

/** What a plan reads, node by node, and what of it it reads whole. */
async function planFacts(db: Db, plan: PlanNode) {
  const nodes: string[] = [];
  const wholeReads: string[] = [];
  const partial = await partialIndexesOf(db);
  walk(plan, false, (n, limited) => {
    nodes.push(describeNode(n));
    if (readsWhole(n, limited, partial)) wholeReads.push(`${n["Node Type"]} (${n["Relation Name"]})`);
  });
  return { nodes, wholeReads };
}

/**
 * The plan PostgreSQL picks for `q`. `analyze` runs it (and times it); `noSeqScan` turns
 * sequential scans off for it (`enable_seqscan`), so that a whole read left in the plan
 * means no index can narrow it: on a small database the planner rightly prefers reading
 * a few pages whole, and only this tells a query with an index path from one without.
 */
export async function planOf(
  db: Db,
  q: CapturedQuery,
  opts: { analyze: boolean; noSeqScan: boolean },
): Promise<QueryPlan> {
  const rows = await db.transaction(async (tx) => {
    if (opts.noSeqScan) await tx.execute(sql`set local enable_seqscan = off`);
    const explained = await tx.execute(
      withParams(`explain (${opts.analyze ? "analyze, " : ""}format json) `, q),
    );
    return (explained as unknown as { rows: Record<string, unknown>[] }).rows;
  });
  const raw = Object.values(rows[0]!)[0];
  const [top] = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    Plan: PlanNode;
    "Execution Time"?: number;
  }[];
  return { query: q, ...(await planFacts(db, top!.Plan)), executionMs: top!["Execution Time"] ?? null };
}

/**
 * PostgreSQL only (none on PGlite): the plans of the statements run inside `q`, by the
 * functions it calls (one search is one call of `search_hits`), which EXPLAIN of the
 * call does not show. auto_explain tells them, as notices to the session that runs the
 * call (in a transaction rolled back); `analyze` times each (`executionMs`).
 */
export async function innerPlansOf(
  db: Db,
  q: CapturedQuery,
  opts: { analyze: boolean; noSeqScan: boolean },
): Promise<QueryPlan[]> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return [];
  const client = await pool.connect();
  const told: { ms: number; text: string; plan: PlanNode }[] = [];
  const onNotice = (notice: { message?: string }) => {
    const found = /^duration: ([\d.]+) ms\s+plan:\s*(\{[\s\S]*\})\s*$/.exec(notice.message ?? "");
    if (!found) return;
    const explained = JSON.parse(found[2]!) as { "Query Text": string; Plan: PlanNode };
    told.push({ ms: Number(found[1]), text: explained["Query Text"], plan: explained.Plan });
  };
  client.on("notice", onNotice);
  try {
    await client.query("begin");
    await client.query("load 'auto_explain'");
    const settings = [
      "auto_explain.log_min_duration = 0",
      "auto_explain.log_nested_statements = on",
      "auto_explain.log_format = json",
      "auto_explain.log_level = notice",
      `auto_explain.log_analyze = ${opts.analyze ? "on" : "off"}`,
      ...(opts.noSeqScan ? ["enable_seqscan = off"] : []),
    ];
    for (const setting of settings) await client.query(`set local ${setting}`);
    await client.query(q.text, q.params);
  } finally {
    await client.query("rollback").catch(() => {});
    client.off("notice", onNotice);
    client.release();
  }
  const inner = told.filter((t) => t.text.trim() !== q.text.trim());
  return Promise.all(
    inner.map(async (t) => ({
      query: { ...q, text: t.text },
      ...(await planFacts(db, t.plan)),
      executionMs: opts.analyze ? t.ms : null,
    })),
  );
}
