/**
 * A shift's life (decisions.md § Extra shifts, Lifecycle): a leader makes a draft, may
 * edit or delete it, and publishes it (every active member of the department hears of
 * it); an open shift is assigned, or closed by a leader or when it starts unassigned.
 * Each change checks the state under the row's lock, so two leaders at once cannot
 * publish twice or edit what was just published: the second is told why (409).
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { osloDate, shiftSpanOfTimes } from "../../../common/domain/oslo-time.ts";
import { type ShiftEditInput, shiftInputMinutes } from "../../../common/schemas/shifts.ts";
import type { Tx } from "../../db/client.ts";
import { shiftCompetences, shifts, staff } from "../../db/schema.ts";
import type { Clock } from "../../platform/clock.ts";
import { departmentCompetences } from "../../platform/competences.ts";
import { conflict, notFound, unprocessable } from "../../platform/errors.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";
import type { ShiftRow } from "./access.ts";
import { announceChange, announceDrafts } from "./events.ts";
import { type Notify, shiftRef } from "./notify.ts";

export interface LifecycleDeps extends TxDeps {
  clock: Clock;
}

/**
 * The columns a form gives, by the create dialog's rules (spec §5): not on a past date,
 * the end after the start (an earlier 'to' time is the next day), not starting at a
 * time that has already passed today.
 */
function columnsOf(input: ShiftEditInput, now: Date) {
  if (input.date < osloDate(now)) throw unprocessable("shift_in_past");
  const { from, to } = shiftInputMinutes(input);
  const span = shiftSpanOfTimes(input.date, from, to);
  if (!span) throw unprocessable("shift_end_not_after_start");
  if (span.startsAt <= now) throw unprocessable("shift_start_passed");
  return {
    title: input.title,
    location: input.location,
    description: input.description || null,
    startsAt: span.startsAt,
    endsAt: span.endsAt,
  };
}

type Columns = ReturnType<typeof columnsOf>;

/**
 * Whether the department already has a draft or open shift of the same type at the same
 * times: a second click, or a colleague who made it a minute ago. Read in the
 * transaction through `shifts_dept_status_starts_idx`.
 */
async function hasTwin(tx: Tx, deptId: string, columns: Columns): Promise<boolean> {
  const [twin] = await tx
    .select({ id: shifts.id })
    .from(shifts)
    .where(
      and(
        eq(shifts.deptId, deptId),
        inArray(shifts.status, ["draft", "open"]),
        eq(shifts.startsAt, columns.startsAt),
        eq(shifts.endsAt, columns.endsAt),
        eq(shifts.kind, "extra"),
        eq(shifts.title, columns.title),
      ),
    )
    .limit(1);
  return twin !== undefined;
}

/**
 * What the shift requires ('Krever kompetanse'): competences of its department (else 422
 * `competence_not_in_department`), each once; `replace`: instead of what it required.
 */
async function setRequires(
  tx: Tx,
  shift: { id: string; deptId: string },
  ids: readonly string[],
  opts: { replace: boolean },
) {
  const required = await departmentCompetences(tx, shift.deptId, ids);
  if (opts.replace) await tx.delete(shiftCompetences).where(eq(shiftCompetences.shiftId, shift.id));
  if (required.length > 0)
    await tx
      .insert(shiftCompetences)
      .values(required.map((competenceId) => ({ shiftId: shift.id, competenceId })));
}

/**
 * A new draft in `deptId`; returns its id. One identical to a draft or open shift is
 * refused (409 `shift_duplicate`) unless the person chose to go on (`allowDuplicate`).
 */
export function createShift(
  deps: LifecycleDeps,
  creatorId: string,
  deptId: string,
  input: ShiftEditInput & { allowDuplicate?: boolean | undefined },
): Promise<string> {
  const columns = columnsOf(input, deps.clock.now());
  return withTx(deps, async (tx, events) => {
    if (!input.allowDuplicate && (await hasTwin(tx, deptId, columns))) throw conflict("shift_duplicate");
    const [row] = await tx
      .insert(shifts)
      .values({ ...columns, deptId, kind: "extra", status: "draft", createdBy: creatorId })
      .returning({ id: shifts.id });
    await setRequires(tx, { id: row!.id, deptId }, input.requires ?? [], { replace: false });
    await announceDrafts(tx, events, deptId, row!.id);
    return row!.id;
  });
}

/** 'Rediger' on a draft; without `requires` (a client from before issue 28) what it requires stays. */
export function editShift(deps: LifecycleDeps, shift: ShiftRow, input: ShiftEditInput): Promise<void> {
  const columns = columnsOf(input, deps.clock.now());
  return withTx(deps, async (tx, events) => {
    const [row] = await tx
      .update(shifts)
      .set(columns)
      .where(and(eq(shifts.id, shift.id), eq(shifts.status, "draft")))
      .returning({ id: shifts.id });
    if (!row) throw conflict("shift_not_draft");
    if (input.requires) await setRequires(tx, shift, input.requires, { replace: true });
    await announceDrafts(tx, events, shift.deptId, shift.id);
  });
}

export function deleteShift(deps: TxDeps, shift: ShiftRow): Promise<void> {
  return withTx(deps, async (tx, events) => {
    const [row] = await tx
      .delete(shifts)
      .where(and(eq(shifts.id, shift.id), eq(shifts.status, "draft")))
      .returning({ id: shifts.id });
    if (!row) throw conflict("shift_not_draft");
    await announceDrafts(tx, events, shift.deptId, shift.id);
  });
}

/** The shift's row, locked for the rest of the transaction. */
export async function lockShift(tx: Tx, shiftId: string): Promise<ShiftRow> {
  const [row] = await tx.select().from(shifts).where(eq(shifts.id, shiftId)).for("update");
  if (!row) throw notFound("shift_not_found");
  return row;
}

/**
 * 'Publiser': the draft opens, and every other active member of the department is told
 * (`notify` is the notifications feature's `notifyAfterCommit`: a department is many).
 */
export function publishShift(
  deps: LifecycleDeps,
  notify: Notify,
  publisherId: string,
  shiftId: string,
): Promise<void> {
  const now = deps.clock.now();
  return withTx(deps, async (tx, events) => {
    const shift = await lockShift(tx, shiftId);
    if (shift.status !== "draft") throw conflict("shift_not_draft");
    if (shift.startsAt <= now) throw conflict("shift_started");
    await tx.update(shifts).set({ status: "open", publishedAt: now }).where(eq(shifts.id, shiftId));
    const members = await tx
      .select({ userId: staff.userId })
      .from(staff)
      .where(and(eq(staff.deptId, shift.deptId), eq(staff.isActive, true), ne(staff.userId, publisherId)));
    await notify(
      tx,
      events,
      members.map((m) => m.userId),
      "shift_published",
      shiftRef(shift),
    );
    await announceChange(tx, events, shift.deptId, shiftId);
    await announceDrafts(tx, events, shift.deptId, shiftId);
  });
}

/** 'Steng': an open shift takes no more interest and is not assigned. */
export function closeShift(deps: LifecycleDeps, shiftId: string): Promise<void> {
  return withTx(deps, async (tx, events) => {
    const shift = await lockShift(tx, shiftId);
    if (shift.status !== "open") throw conflict("shift_not_open");
    await tx
      .update(shifts)
      .set({ status: "closed", closedAt: deps.clock.now() })
      .where(eq(shifts.id, shiftId));
    await announceChange(tx, events, shift.deptId, shiftId);
  });
}
