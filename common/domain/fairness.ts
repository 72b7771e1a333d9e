/**
 * Fair automatic assignment of an extra shift (spec §9, decisions.md § Fair assignment,
 * § Rest between shifts). Pure: the service gathers the candidates, their 90-day counts,
 * their other shifts and a fresh random tie-break id each, and this decides.
 *
 * - A candidate is not eligible when the extra shift overlaps one of their shifts, or
 *   would leave less than `minRestHours` between the end of one shift and the start of
 *   the next (working-environment act §10-8; 11 h by default).
 * - Among the eligible, the lowest fairness value wins; equals are ordered by their
 *   tie-break id, lowest first. Ranks 1..n go to the eligible in that order.
 */

export const defaultMinRestHours = 11;
/** A local agreement may allow less, never below 8 (decisions.md). */
export const lowestMinRestHours = 8;
/** How far back assignments count for fairness. */
export const fairnessWindowDays = 90;

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** A shift the candidate already works. */
export interface BusyShift extends Interval {
  title: string;
}

export type Ineligibility =
  | { kind: "overlap"; shift: BusyShift }
  /** the candidate's shift ends too shortly before the extra shift starts */
  | { kind: "restAfter"; shift: BusyShift }
  /** the candidate's shift starts too shortly after the extra shift ends */
  | { kind: "restBefore"; shift: BusyShift };

const hourMs = 3_600_000;

/** Why a person with `busy` shifts may not take `shift`, or null when they may. */
export function ineligibility(
  shift: Interval,
  busy: readonly BusyShift[],
  minRestHours: number,
): Ineligibility | null {
  const rest = minRestHours * hourMs;
  // Report the most serious reason: an overlap before a short rest.
  const sorted = [...busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const overlap = sorted.find((b) => b.startsAt < shift.endsAt && shift.startsAt < b.endsAt);
  if (overlap) return { kind: "overlap", shift: overlap };
  const before = sorted.find(
    (b) => b.endsAt <= shift.startsAt && shift.startsAt.getTime() - b.endsAt.getTime() < rest,
  );
  if (before) return { kind: "restAfter", shift: before };
  const after = sorted.find(
    (b) => b.startsAt >= shift.endsAt && b.startsAt.getTime() - shift.endsAt.getTime() < rest,
  );
  if (after) return { kind: "restBefore", shift: after };
  return null;
}

export interface Candidate {
  userId: string;
  /** extra-shift assignments with assigned_at in the last 90 days */
  fairnessValue: number;
  /** a fresh random UUID for this run */
  tieBreak: string;
  busy: readonly BusyShift[];
}

export interface RankedCandidate {
  userId: string;
  fairnessValue: number;
  tieBreak: string;
  /** 1..n among the eligible; null for the ineligible */
  rank: number | null;
  winner: boolean;
  ineligible: Ineligibility | null;
}

export interface AllocationSnapshot {
  /** the lowest fairness value among the eligible */
  minScore: number;
  /** the eligible with that value (the winner among them by tie-break) */
  ties: string[];
  /** the other eligible candidates */
  others: string[];
}

export interface Ranking {
  /** the eligible by rank, then the ineligible */
  candidates: RankedCandidate[];
  winner: RankedCandidate | null;
  snapshot: AllocationSnapshot | null;
}

function byFairness(a: RankedCandidate, b: RankedCandidate): number {
  if (a.fairnessValue !== b.fairnessValue) return a.fairnessValue - b.fairnessValue;
  return a.tieBreak < b.tieBreak ? -1 : a.tieBreak > b.tieBreak ? 1 : 0;
}

/** Ranks the candidates for `shift`; no eligible candidate gives no winner. */
export function rankCandidates(
  shift: Interval,
  candidates: readonly Candidate[],
  minRestHours: number,
): Ranking {
  const judged: RankedCandidate[] = candidates.map((c) => ({
    userId: c.userId,
    fairnessValue: c.fairnessValue,
    tieBreak: c.tieBreak.toLowerCase(),
    rank: null,
    winner: false,
    ineligible: ineligibility(shift, c.busy, minRestHours),
  }));
  const eligible = judged.filter((c) => !c.ineligible).sort(byFairness);
  eligible.forEach((c, i) => {
    c.rank = i + 1;
  });
  const winner = eligible[0] ?? null;
  if (winner) winner.winner = true;
  const ineligible = judged
    .filter((c) => c.ineligible)
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const snapshot: AllocationSnapshot | null = winner
    ? {
        minScore: winner.fairnessValue,
        ties: eligible.filter((c) => c.fairnessValue === winner.fairnessValue).map((c) => c.userId),
        others: eligible.filter((c) => c.fairnessValue !== winner.fairnessValue).map((c) => c.userId),
      }
    : null;
  return { candidates: [...eligible, ...ineligible], winner, snapshot };
}

/** The tie-break id as shown (spec §9: 8 characters). */
export const shortTieBreak = (tieBreak: string) => tieBreak.slice(0, 8);
