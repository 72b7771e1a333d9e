/**
 * Duty roles ('Vaktroller', issue 26): a role is held for one shift block (Dagvakt 07–15,
 * Kveldsvakt 15–23, Nattevakt 23–07, Oslo time). These are the rules the server and the
 * web app share: which blocks the leaders' grid shows, which block is under way, who
 * holds a role at an instant, and what a role's name must be.
 *
 * A duty day is the Oslo date its Dagvakt starts on; its Nattevakt runs into the next
 * date. At 03:00 the ward is still in the night that began yesterday at 23:00, so the
 * duty day of 03:00 is yesterday: the grid of an instant always holds its ongoing block.
 */
import { dutyLimits } from "../base/limits.ts";
import { osloDate } from "./oslo-time.ts";
import { currentShiftBlock, type ShiftBlock } from "./shift-block.ts";

export type DutyRoleNameError =
  | "duty_role_name_required"
  | "duty_role_name_too_long"
  | "duty_role_name_taken";

/** Lengths count code points, as PostgreSQL's char_length does. */
const length = (text: string) => Array.from(text).length;

/** A role's name as stored: trimmed and on one line. */
export function normaliseDutyRoleName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** The key two names are compared by: the same name in another case is the same name. */
export function dutyRoleNameKey(name: string): string {
  return normaliseDutyRoleName(name).toLocaleLowerCase("nb");
}

/**
 * The first rule a role's name breaks: required, at most 40 characters once normalised,
 * and unique in the department whatever the case (`others`: the department's other
 * roles' names; when renaming, leave the role's own name out).
 */
export function dutyRoleNameError(name: string, others: readonly string[] = []): DutyRoleNameError | null {
  const normalised = normaliseDutyRoleName(name);
  if (!normalised) return "duty_role_name_required";
  if (length(normalised) > dutyLimits.roleNameMaxLength) return "duty_role_name_too_long";
  const key = dutyRoleNameKey(normalised);
  if (others.some((other) => dutyRoleNameKey(other) === key)) return "duty_role_name_taken";
  return null;
}

/** The block under way at `at`: the one a role's holder holds it for now. */
export function ongoingBlock(at: Date): ShiftBlock {
  return currentShiftBlock(at);
}

/** The block right after `block` (it starts where `block` ends). */
export function nextBlock(block: ShiftBlock): ShiftBlock {
  return currentShiftBlock(block.end);
}

/** The block right before `block` (it ends where `block` starts). */
export function previousBlock(block: ShiftBlock): ShiftBlock {
  return currentShiftBlock(new Date(block.start.getTime() - 1));
}

/** The duty day's first block (its Dagvakt) of the block under way at `at`. */
function dayBlockOf(at: Date): ShiftBlock {
  let block = ongoingBlock(at);
  while (block.kind !== "day") block = previousBlock(block);
  return block;
}

/** The duty day of an instant: the Oslo date its ongoing block's Dagvakt starts on. */
export function dutyDayOf(at: Date): string {
  return osloDate(dayBlockOf(at).start);
}

export interface GridBlock extends ShiftBlock {
  /** the duty day, `YYYY-MM-DD` */
  date: string;
}

/**
 * The leaders' grid: every block of the duty day of `at` and of the `daysAhead` days
 * after it (3 × 15 = 45 blocks by default), in order and without gaps: each block ends
 * where the next starts, across midnight and both changes of summer time.
 */
export function dutyGrid(at: Date, daysAhead: number = dutyLimits.gridDaysAhead): GridBlock[] {
  const blocks: GridBlock[] = [];
  let block = dayBlockOf(at);
  let date = osloDate(block.start);
  for (let i = 0; i < (daysAhead + 1) * 3; i++) {
    if (block.kind === "day") date = osloDate(block.start);
    blocks.push({ ...block, date });
    block = nextBlock(block);
  }
  return blocks;
}

/**
 * The grid's block that starts at `start` and has not ended by `now`: what a leader may
 * set a holder for (today's blocks that are over are not; the ongoing one is). Null for
 * any other instant.
 */
export function assignableBlock(start: Date, now: Date): GridBlock | null {
  const found = dutyGrid(now).find((b) => b.start.getTime() === start.getTime());
  return found && found.end.getTime() > now.getTime() ? found : null;
}

/** Whether `block` is over at `now`. */
export function blockIsOver(block: { end: Date }, now: Date): boolean {
  return block.end.getTime() <= now.getTime();
}

export interface Holding {
  blockStart: Date;
  userId: string;
}

/**
 * Who holds a role at `at`, given its holdings: the holder of the block under way. A
 * holding ends with its block, so the next block's holder takes over exactly at the
 * block's end, and a block without a holding has nobody.
 */
export function holderAt(holdings: readonly Holding[], at: Date): string | null {
  const start = ongoingBlock(at).start.getTime();
  return holdings.find((h) => h.blockStart.getTime() === start)?.userId ?? null;
}

/**
 * Whether a person is on the ongoing block (may take an unheld role): a shift of theirs
 * covers now (`onShift`), or they hold a role now.
 */
export function isOnBlock(userId: string, duty: { onShift: readonly string[]; holders: readonly string[] }) {
  return duty.onShift.includes(userId) || duty.holders.includes(userId);
}
