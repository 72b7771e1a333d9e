/**
 * Swaps: what a shift is (its time tags), whether it fits an offer's wishes, whether a
 * person may take it, and auto-match (spec §2 Swaps, §9 limit 10; decisions.md § Swaps,
 * § Rest between shifts). Pure: the server gathers the offers and each owner's shifts.
 *
 * - A shift's tags come from its Oslo midpoint: dag 07–15, kveld 15–23, natt 23–07 (the
 *   spec's blocks), helg when the midpoint falls on a Saturday or Sunday (a Friday night
 *   is a weekend shift, a Sunday night is not). A whole day (00–24) is a day shift.
 * - Wishes are met when the shift starts within the date range (either end open), and,
 *   when tags or weekdays are wished, carries one of the tags and starts on one of the
 *   weekdays (Oslo). No wishes: anything fits.
 * - Auto-match pairs two open auto-match offers of different people whose shifts fit each
 *   other's wishes and where neither would end up with overlapping shifts or too little
 *   rest after the exchange. Offers are taken oldest first; each is paired at most once
 *   per run; pairs that already had a deal are skipped, so a second run adds none.
 */

import { osloDate, osloHour } from "./oslo-time.ts";
import type { TimeTag } from "./swap-terms.ts";
import type { Interval } from "./working-time.ts";
import {
  judgeWork,
  type ShiftToTake,
  type WorkRules,
  type WorkShift,
  type WorkSituation,
  type WorkVerdict,
} from "./working-time.ts";

/** A shift somebody holds, named so an exchange can leave it out of their shifts. */
export interface HeldShift extends WorkShift {
  shiftId: string;
}

/** A party to an exchange: what the working-time rules decide on, their shifts named. */
export interface SwapParty extends WorkSituation {
  /** every shift they hold now, the one they would give included */
  held: readonly HeldShift[];
}

/** A shift that changes hands, with what it requires (working-time.ts `ShiftToTake`). */
export type SwapShift = HeldShift & Pick<ShiftToTake, "requires">;

/** ISO weekday (1 Monday … 7 Sunday) of an Oslo date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const midpoint = (shift: Interval) => new Date((shift.startsAt.getTime() + shift.endsAt.getTime()) / 2);

/** dag / kveld / natt by the Oslo hour of the midpoint, and helg on a weekend midpoint. */
export function shiftTimeTags(shift: Interval): TimeTag[] {
  const mid = midpoint(shift);
  const hour = osloHour(mid);
  const block: TimeTag = hour >= 7 && hour < 15 ? "dag" : hour >= 15 && hour < 23 ? "kveld" : "natt";
  return isoWeekday(osloDate(mid)) >= 6 ? [block, "helg"] : [block];
}

/** What an offer wishes for in return (schemas/swaps.ts `swapWishes` reads it from a request). */
export interface MatchWishes {
  wantDateFrom: string | null;
  wantDateTo: string | null;
  wantTimeTags: readonly TimeTag[];
  /** ISO weekdays */
  wantWeekdays: readonly number[];
}

/** Whether `shift` is what `wishes` ask for. */
export function fitsWishes(wishes: MatchWishes, shift: Interval): boolean {
  const day = osloDate(shift.startsAt);
  if (wishes.wantDateFrom && day < wishes.wantDateFrom) return false;
  if (wishes.wantDateTo && day > wishes.wantDateTo) return false;
  if (wishes.wantTimeTags.length > 0) {
    const tags = shiftTimeTags(shift);
    if (!wishes.wantTimeTags.some((t) => tags.includes(t))) return false;
  }
  if (wishes.wantWeekdays.length > 0 && !wishes.wantWeekdays.includes(isoWeekday(day))) return false;
  return true;
}

/**
 * What the working-time rules say of `party` taking `received` in exchange for the shift
 * `givenShiftId` (null for a give-away), against everything they keep.
 */
export function takeVerdict(
  received: SwapShift,
  givenShiftId: string | null,
  party: SwapParty,
  rules: WorkRules,
): WorkVerdict {
  const kept = givenShiftId === null ? party.held : party.held.filter((s) => s.shiftId !== givenShiftId);
  return judgeWork(received, { ...party, held: kept }, rules);
}

export interface MatchOffer {
  offerId: string;
  ownerId: string;
  shift: SwapShift;
  wishes: MatchWishes;
  owner: SwapParty;
}

export interface MatchPair {
  /** the older offer */
  a: MatchOffer;
  b: MatchOffer;
}

/** The key of a pair of offers, in either order. */
export const pairKey = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

/** Whether two offers can be exchanged: wishes met both ways, and nobody's rules broken. */
export function compatible(a: MatchOffer, b: MatchOffer, rules: WorkRules): boolean {
  return (
    a.ownerId !== b.ownerId &&
    a.shift.shiftId !== b.shift.shiftId &&
    fitsWishes(a.wishes, b.shift) &&
    fitsWishes(b.wishes, a.shift) &&
    takeVerdict(b.shift, a.shift.shiftId, a.owner, rules).refusals.length === 0 &&
    takeVerdict(a.shift, b.shift.shiftId, b.owner, rules).refusals.length === 0
  );
}

/**
 * Up to `limit` pairs among `offers` (given oldest first), skipping pairs in `excluded`
 * (`pairKey`s of pairs that already had a deal).
 */
export function autoMatch(
  offers: readonly MatchOffer[],
  opts: { limit: number; rules: WorkRules; excluded?: ReadonlySet<string> },
): MatchPair[] {
  const pairs: MatchPair[] = [];
  const used = new Set<string>();
  for (let i = 0; i < offers.length && pairs.length < opts.limit; i++) {
    const a = offers[i] as MatchOffer;
    if (used.has(a.offerId)) continue;
    for (let j = i + 1; j < offers.length; j++) {
      const b = offers[j] as MatchOffer;
      if (used.has(b.offerId) || opts.excluded?.has(pairKey(a.offerId, b.offerId))) continue;
      if (!compatible(a, b, opts.rules)) continue;
      pairs.push({ a, b });
      used.add(a.offerId);
      used.add(b.offerId);
      break;
    }
  }
  return pairs;
}
