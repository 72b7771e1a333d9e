/**
 * What 'Tildel automatisk' would decide on, shown before it runs: everyone interested
 * now and whether each could be given the shift, by the same read and the same rules as
 * the assignment (`interestedIn`, `judgeWork`: competence, overlap, rest, hours in 24,
 * overtime). Nothing is drawn, locked or written:
 * the assignment reads again under its lock, so a change in between is decided on.
 */
import { inArray, sql } from "drizzle-orm";
import { fairnessWindowDays } from "../../../common/domain/fairness.ts";
import { judgeWork } from "../../../common/domain/working-time.ts";
import type { AssignmentPreview } from "../../../common/schemas/shifts.ts";
import { ui } from "../../../common/texts/ui.ts";
import type { Db } from "../../db/client.ts";
import { profiles, user } from "../../db/schema.ts";
import { conflict } from "../../platform/errors.ts";
import type { ShiftRow } from "./access.ts";
import { interestedIn } from "./allocation.ts";

const t = ui.shifts.assignConfirm;

export async function previewAssignment(
  db: Db,
  shift: ShiftRow,
  now: Date,
  minRestHours: number,
): Promise<AssignmentPreview> {
  // As the assignment answers: an assigned, closed or started shift has nothing to ask.
  if (shift.status !== "open") throw conflict("shift_not_open");
  if (shift.startsAt <= now) throw conflict("shift_started");
  const { interested, shift: toTake, rules } = await interestedIn(db, shift, now, minRestHours);
  const names = await namesOf(
    db,
    interested.map((i) => i.userId),
  );
  const candidates = interested.map((i) => {
    const reason = !i.active
      ? t.inactive
      : (() => {
          const [why] = judgeWork(toTake, i.work, { limits: rules.limits, minRestHours }).refusals;
          return why ? ui.shifts.ineligible(why, minRestHours) : null;
        })();
    return {
      userId: i.userId,
      name: names.get(i.userId) ?? ui.shifts.deletedUser,
      fairnessValue: i.fairnessValue,
      eligible: reason === null,
      reason,
    };
  });
  return {
    shiftId: shift.id,
    candidates,
    interested: candidates.length,
    eligible: candidates.filter((c) => c.eligible).length,
    rule: t.rule(fairnessWindowDays),
  };
}

/** The people's names as their profiles (else their accounts) give them, in one query. */
async function namesOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: sql<string>`coalesce(${profiles.fullName}, ${user.name})` })
    .from(user)
    .leftJoin(profiles, sql`${profiles.userId} = ${user.id}`)
    .where(inArray(user.id, userIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}
