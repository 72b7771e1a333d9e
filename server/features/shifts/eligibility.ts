/**
 * Whether the working-time rules let me take an extra shift (issue 28): asked before
 * 'Jeg er interessert' (`GET /api/shifts/:shiftId/eligibility`), and again when I
 * register interest, which they refuse (422 `work_rules_refused`, the reasons in the
 * message) rather than letting me wait for an assignment I cannot win.
 */
import { judgeWork, type WorkVerdict } from "../../../common/domain/working-time.ts";
import type { TakeCheckDto } from "../../../common/schemas/work.ts";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { deptWorkRules, requiresOf, verdictTexts, workSituations } from "../../platform/work-situation.ts";
import type { ShiftRow } from "./access.ts";

type ShiftToJudge = Pick<ShiftRow, "id" | "deptId" | "startsAt" | "endsAt">;

/** What the rules say of `userId` taking the extra shift (never one they hold: it is open). */
export async function verdictFor(
  db: Db | Tx,
  shift: ShiftToJudge,
  userId: string,
  minRestHours: number,
): Promise<WorkVerdict> {
  const [rules, requires, situations] = await Promise.all([
    deptWorkRules(db, shift.deptId),
    requiresOf(db, [shift.id]),
    workSituations(db, [userId], shift.deptId, [shift]),
  ]);
  const person = situations.get(userId)!;
  const held = person.held.filter((h) => h.shiftId !== shift.id);
  return judgeWork(
    { startsAt: shift.startsAt, endsAt: shift.endsAt, extra: true, requires: requires.get(shift.id)! },
    { ...person, held },
    { limits: rules.limits, minRestHours },
  );
}

export async function takeCheck(
  db: Db,
  shift: ShiftToJudge,
  userId: string,
  minRestHours: number,
): Promise<TakeCheckDto> {
  const verdict = await verdictFor(db, shift, userId, minRestHours);
  return {
    shiftId: shift.id,
    may: verdict.refusals.length === 0,
    ...verdictTexts(verdict, minRestHours),
    figures: verdict.figures,
  };
}

/** Refuses (422 `work_rules_refused`, every reason in the message) when the rules do. */
export async function assertMayTake(tx: Tx, shift: ShiftToJudge, userId: string, minRestHours: number) {
  const verdict = await verdictFor(tx, shift, userId, minRestHours);
  if (verdict.refusals.length === 0) return;
  const reasons = verdictTexts(verdict, minRestHours).refusals;
  throw new AppError(422, "work_rules_refused", `Du kan ikke ta denne vakten: ${reasons.join("; ")}`);
}
