/**
 * Why candidates could not be assigned, from the runs the measured assignments recorded:
 * each run keeps every candidate with the reason the audit shows them (Norwegian text,
 * common/texts/ui/shifts.ts `ineligible`), which this sorts by its opening words, so
 * it reads the runs of an earlier build (which knew rest and overlap only) the same way.
 * Read after the server has stopped: a PGlite directory has one user at a time.
 */
import { sql } from "drizzle-orm";
import { type DatabaseSource, openDatabase } from "../../server/db/client.ts";
import { uuidArray } from "../../server/db/id-list.ts";

export interface Refusals {
  runs: number;
  /** candidates per run, on average */
  candidates: number;
  /** refused per run: on average, fewest, most */
  refused: { mean: number; min: number; max: number };
  /** refused per run on average by their first (most serious) reason, most first */
  byReason: [reason: string, perRun: number][];
}

/** A reason's kind, from its text; an overtime limit with its window ('7 dager'). */
const reasonKind = sql`case
  when t like 'Mangler kompetanse%' then 'competence'
  when t like 'Overlapper%' then 'overlap'
  when t like 'Mindre enn%' then 'rest'
  when t like 'Over % på 24 timer%' then 'hours in 24 h'
  when t like 'Overtid%' then 'overtime ' || coalesce(substring(t from 'siste (.*) \\(grense'), '?')
  else 'other: ' || left(t, 30) end`;

export async function refusalsOf(source: DatabaseSource, shiftIds: string[]): Promise<Refusals> {
  const database = await openDatabase(source);
  try {
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const runs = rows<{ candidates: number; refused: number }>(
      await database.db.execute(sql`
        select cardinality(candidate_ids) as candidates,
          (select count(*)::int from unnest(candidate_ineligible) t where t is not null) as refused
        from shift_allocation_runs where shift_id = any(${uuidArray(shiftIds)})`),
    );
    const reasons = rows<{ reason: string; n: number }>(
      await database.db.execute(sql`
        select ${reasonKind} as reason, count(*)::int as n
        from shift_allocation_runs r cross join unnest(r.candidate_ineligible) t
        where r.shift_id = any(${uuidArray(shiftIds)}) and t is not null
        group by 1 order by 2 desc`),
    );
    const count = Math.max(1, runs.length);
    const refused = runs.map((r) => r.refused);
    return {
      runs: runs.length,
      candidates: runs.reduce((sum, r) => sum + r.candidates, 0) / count,
      refused: {
        mean: refused.reduce((a, b) => a + b, 0) / count,
        min: Math.min(...refused),
        max: Math.max(...refused),
      },
      byReason: reasons.map((r) => [r.reason, r.n / count]),
    };
  } finally {
    await database.close();
  }
}

export const describeRefusals = (r: Refusals) =>
  `${r.runs} runs of ${r.candidates.toFixed(0)} candidates: refused ${r.refused.mean.toFixed(1)} a run ` +
  `(${r.refused.min}–${r.refused.max}), by first reason ` +
  (r.byReason.map(([why, n]) => `${why} ${n.toFixed(1)}`).join(", ") || "none");
