/**
 * The working-time and competence rules for swaps (issue 28; decisions.md § Rest between
 * shifts): what the people in question hold and may take, and why one of them could not
 * take a shift in an exchange or a give-away, in Norwegian.
 */
import { inArray, sql } from "drizzle-orm";
import { type SwapParty, type SwapShift, takeVerdict } from "../../../common/domain/swap-match.ts";
import type { Interval, WorkRules } from "../../../common/domain/working-time.ts";
import type { CompetenceRef } from "../../../common/schemas/work.ts";
import { ui } from "../../../common/texts/index.ts";
import type { Db, Tx } from "../../db/client.ts";
import { competences, shiftCompetences, shifts } from "../../db/schema.ts";
import { deptWorkRules, workSituations } from "../../platform/work-situation.ts";

/** What judging swaps in one department needs: the people's situations, the shifts, the rules. */
export interface SwapJudging {
  parties: Map<string, SwapParty>;
  /** each shift in question: whether it is an extra shift, what it requires */
  shifts: Map<string, { extra: boolean; requires: CompetenceRef[] }>;
  rules: WorkRules;
}

/** A shift that may change hands, as the callers have it. */
export type InQuestion = Interval & { shiftId: string; title: string };

/**
 * Everything to judge `userIds` taking any of `inQuestion` in `deptId`: three reads
 * (the department's limits, the shifts' kinds and requirements, everyone's situation),
 * whatever the number of people and shifts.
 */
export async function swapJudging(
  db: Db | Tx,
  deptId: string,
  userIds: readonly string[],
  inQuestion: readonly InQuestion[],
  minRestHours: number,
): Promise<SwapJudging> {
  const ids = [...new Set(inQuestion.map((s) => s.shiftId))];
  const [dept, kinds, parties] = await Promise.all([
    deptWorkRules(db, deptId),
    ids.length === 0
      ? []
      : db
          .select({
            id: shifts.id,
            kind: shifts.kind,
            // A correlated subquery names the outer table: Drizzle leaves columns unqualified here.
            requires: sql<
              CompetenceRef[] | null
            >`(select json_agg(json_build_object('id', c.id, 'name', c.name)
              order by c.name) from ${shiftCompetences} sc join ${competences} c on c.id = sc.competence_id
              where sc.shift_id = ${shifts}.id)`,
          })
          .from(shifts)
          .where(inArray(shifts.id, ids)),
    workSituations(db, userIds, deptId, inQuestion),
  ]);
  return {
    parties,
    shifts: new Map(kinds.map((k) => [k.id, { extra: k.kind === "extra", requires: k.requires ?? [] }])),
    rules: { limits: dept.limits, minRestHours },
  };
}

/**
 * `received` as the rules take it: it counts toward overtime when it is an extra shift,
 * or when nothing is given back for it (`giveAway`).
 */
export function swapShift(judging: SwapJudging, received: InQuestion, giveAway: boolean): SwapShift {
  const known = judging.shifts.get(received.shiftId);
  return {
    shiftId: received.shiftId,
    title: received.title,
    startsAt: received.startsAt,
    endsAt: received.endsAt,
    extra: giveAway || (known?.extra ?? false),
    requires: known?.requires ?? [],
  };
}

/** `userId`'s situation as read (everyone judged is read). */
export function partyOf(judging: SwapJudging, userId: string): SwapParty {
  const party = judging.parties.get(userId);
  if (!party) throw new Error("judged someone not read");
  return party;
}

/**
 * Why `userId` (named `who`: 'Du', or the other party's name) could not take `received`
 * giving `givenShiftId` (null: nothing, a give-away), every reason as the rules give
 * them ('Du: Mangler kompetanse: …; Overtid …'); null when they could.
 */
export function blockedReason(
  judging: SwapJudging,
  who: string,
  userId: string,
  received: InQuestion,
  givenShiftId: string | null,
): string | null {
  const shift = swapShift(judging, received, givenShiftId === null);
  const { refusals } = takeVerdict(shift, givenShiftId, partyOf(judging, userId), judging.rules);
  if (refusals.length === 0) return null;
  const reasons = refusals.map((r) => ui.shifts.ineligible(r, judging.rules.minRestHours));
  return ui.swaps.blocked(who, reasons.join("; "));
}
