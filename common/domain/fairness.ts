/**
 * Fair automatic assignment of an extra shift (spec §9, decisions.md § Fair assignment,
 * § Rest between shifts). Pure: the service gathers the candidates, their 90-day counts,
 * their other shifts and a fresh random tie-break id each, and this decides.
 *
 * - A candidate is not eligible when the working-time rules refuse them
 *   (working-time.ts: competence, overlap, rest, 13 hours in 24, overtime).
 * - With 'Deltid først', eligible part-timers (under 100 %) rank before full-timers.
 *   Then the lowest fairness value wins; equals are ordered by their tie-break id,
 *   lowest first. Ranks 1..n go to the eligible in that order.
 */
import {
  isPartTime,
  judgeWork,
  type Refusal,
  type ShiftToTake,
  type ShortRest,
  type WorkFigures,
  type WorkRules,
  type WorkSituation,
} from "./working-time.ts";

export const defaultMinRestHours = 11;
/** A local agreement may allow less, never below 8 (decisions.md). */
export const lowestMinRestHours = 8;
/** How far back assignments count for fairness. */
export const fairnessWindowDays = 90;

export interface Candidate {
  userId: string;
  /** extra-shift assignments with assigned_at in the last 90 days */
  fairnessValue: number;
  /** a fresh random UUID for this run */
  tieBreak: string;
  /** their shifts near this one, contract and competences (working-time.ts) */
  work: WorkSituation;
}

/** The department's rules for an assignment: working time, rest, 'Deltid først'. */
export interface AssignmentRules extends WorkRules {
  partTimeFirst: boolean;
}

export interface RankedCandidate {
  userId: string;
  fairnessValue: number;
  tieBreak: string;
  /** 1..n among the eligible; null for the ineligible */
  rank: number | null;
  winner: boolean;
  /** under 100 % (ranks first with 'Deltid først') */
  partTime: boolean;
  /** the first of `refusals`: what the audit names */
  ineligible: Refusal | null;
  refusals: Refusal[];
  warnings: ShortRest[];
  figures: WorkFigures;
}

export interface AllocationSnapshot {
  /** the lowest fairness value among the eligible */
  minScore: number;
  /** the eligible with that value (the winner among them by tie-break) */
  ties: string[];
  /** the other eligible candidates */
  others: string[];
  /** part-timers ranked first ('Deltid først'); absent in runs from before it existed */
  partTimeFirst?: boolean;
}

export interface Ranking {
  /** the eligible by rank, then the ineligible */
  candidates: RankedCandidate[];
  winner: RankedCandidate | null;
  snapshot: AllocationSnapshot | null;
}

/** Equal standing: the same fairness value, and with 'Deltid først' the same group. */
const sameStanding = (partTimeFirst: boolean) => (a: RankedCandidate, b: RankedCandidate) =>
  a.fairnessValue === b.fairnessValue && (!partTimeFirst || a.partTime === b.partTime);

const byFairness = (partTimeFirst: boolean) => (a: RankedCandidate, b: RankedCandidate) => {
  if (partTimeFirst && a.partTime !== b.partTime) return a.partTime ? -1 : 1;
  if (a.fairnessValue !== b.fairnessValue) return a.fairnessValue - b.fairnessValue;
  return a.tieBreak < b.tieBreak ? -1 : a.tieBreak > b.tieBreak ? 1 : 0;
};

/** Ranks the candidates for `shift`; no eligible candidate gives no winner. */
export function rankCandidates(
  shift: ShiftToTake,
  candidates: readonly Candidate[],
  rules: AssignmentRules,
): Ranking {
  const judged: RankedCandidate[] = candidates.map((c) => {
    const verdict = judgeWork(shift, c.work, rules);
    return {
      userId: c.userId,
      fairnessValue: c.fairnessValue,
      tieBreak: c.tieBreak.toLowerCase(),
      rank: null,
      winner: false,
      partTime: isPartTime(c.work.contract),
      ineligible: verdict.refusals[0] ?? null,
      ...verdict,
    };
  });
  const eligible = judged.filter((c) => !c.ineligible).sort(byFairness(rules.partTimeFirst));
  eligible.forEach((c, i) => {
    c.rank = i + 1;
  });
  const winner = eligible[0] ?? null;
  if (winner) winner.winner = true;
  const ineligible = judged
    .filter((c) => c.ineligible)
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const tied = winner ? sameStanding(rules.partTimeFirst) : null;
  const snapshot: AllocationSnapshot | null =
    winner && tied
      ? {
          minScore: winner.fairnessValue,
          ties: eligible.filter((c) => tied(c, winner)).map((c) => c.userId),
          others: eligible.filter((c) => !tied(c, winner)).map((c) => c.userId),
          partTimeFirst: rules.partTimeFirst,
        }
      : null;
  return { candidates: [...eligible, ...ineligible], winner, snapshot };
}

/** The tie-break id as shown (spec §9: 8 characters). */
export const shortTieBreak = (tieBreak: string) => tieBreak.slice(0, 8);
