/**
 * Threads: the department's and the current shift's (made on first use, once however
 * many ask at the same moment), and a thread's header.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { threadRetention } from "../../../common/domain/retention.ts";
import {
  blockRange,
  currentShiftBlock,
  osloTimeZone,
  shiftBlocks,
} from "../../../common/domain/shift-block.ts";
import type { ChatPerson, ThreadDto } from "../../../common/schemas/chat.ts";
import type { Db, Tx } from "../../db/client.ts";
import { chatThreads, departments, profiles, staff } from "../../db/schema.ts";
import { retentionRulesOf } from "../../platform/retention-rules.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";
import { abilitiesFor } from "../../policies/index.ts";
import type { LoadedThread, ThreadRow } from "./access.ts";
import { type ChatViewer, person } from "./present.ts";
import { addMembership } from "./reading.ts";

/**
 * The thread `where` finds, written from `values` if there is none yet. The insert does
 * nothing when a unique index already holds the thread, also one a concurrent request
 * has just written: PostgreSQL waits for that one's commit, and the select then sees it.
 */
export async function getOrCreateThread(
  tx: Tx,
  values: typeof chatThreads.$inferInsert,
  where: SQL | undefined,
): Promise<{ id: string; created: boolean }> {
  const [created] = await tx
    .insert(chatThreads)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: chatThreads.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await tx.select({ id: chatThreads.id }).from(chatThreads).where(where);
  if (!existing) throw new Error(`no ${values.kind} thread after a conflict`);
  return { id: existing.id, created: false };
}

/** get_or_create_department_thread: one per department; opening it makes me a member. */
export function ensureDepartmentThread(deps: TxDeps, userId: string, deptId: string): Promise<string> {
  return withTx(deps, async (tx, events) => {
    const { id } = await getOrCreateThread(
      tx,
      { kind: "department", deptId, createdBy: userId },
      and(eq(chatThreads.kind, "department"), eq(chatThreads.deptId, deptId)),
    );
    await addMembership(tx, events, id, [userId]);
    return id;
  });
}

/**
 * get_or_create_shift_thread: the thread of the block under way (by the Oslo clock) in
 * the department, named after the block. Opening it makes me a member.
 */
export function ensureShiftThread(deps: TxDeps, userId: string, deptId: string, now: Date): Promise<string> {
  const block = currentShiftBlock(now);
  const date = format(new TZDate(block.start.getTime(), osloTimeZone), "yyyy-MM-dd");
  return withTx(deps, async (tx, events) => {
    const { id } = await getOrCreateThread(
      tx,
      {
        kind: "shift",
        deptId,
        name: block.name,
        shiftBlock: block.kind,
        shiftDate: date,
        shiftStartsAt: block.start,
        shiftEndsAt: block.end,
        createdBy: userId,
      },
      and(
        eq(chatThreads.kind, "shift"),
        eq(chatThreads.deptId, deptId),
        eq(chatThreads.shiftBlock, block.kind),
        eq(chatThreads.shiftDate, date),
      ),
    );
    await addMembership(tx, events, id, [userId]);
    return id;
  });
}

function shiftInfo(row: ThreadRow, now: Date): ThreadDto["shift"] {
  const { shiftBlock, shiftDate, shiftStartsAt, shiftEndsAt } = row;
  const def = shiftBlocks.find((b) => b.kind === shiftBlock);
  if (!def || !shiftDate || !shiftStartsAt || !shiftEndsAt) return null;
  return {
    block: def.kind,
    name: def.name,
    range: blockRange(def),
    date: shiftDate,
    startsAt: shiftStartsAt.toISOString(),
    endsAt: shiftEndsAt.toISOString(),
    current: shiftStartsAt <= now && now < shiftEndsAt,
  };
}

/** A department thread's people are the department's active staff; other threads' their member list. */
async function threadPeople(db: Db, thread: LoadedThread): Promise<ChatPerson[]> {
  const query = db.select(person(profiles)).from(profiles).$dynamic();
  const people =
    thread.kind === "department"
      ? query
          .innerJoin(staff, eq(staff.userId, profiles.userId))
          .where(and(eq(staff.deptId, thread.deptId), eq(staff.isActive, true)))
      : query.where(inArray(profiles.userId, [...thread.memberIds]));
  return people.orderBy(asc(profiles.fullName), asc(profiles.userId));
}

async function departmentName(db: Db, deptId: string): Promise<string> {
  const [dept] = await db
    .select({ name: departments.name })
    .from(departments)
    .where(eq(departments.id, deptId));
  return dept?.name ?? "";
}

/** The header: name, kind and privacy (the badges), the shift block, the people, my abilities, what retention deletes. */
export async function presentThread(db: Db, viewer: ChatViewer, thread: LoadedThread): Promise<ThreadDto> {
  const { actor, env, now } = viewer;
  const { row } = thread;
  const members = await threadPeople(db, thread);
  const other = row.kind === "direct" ? (members.find((m) => m.userId !== actor.userId) ?? null) : null;
  const name =
    row.kind === "department" ? await departmentName(db, row.deptId) : (other?.fullName ?? row.name ?? "");
  return {
    id: row.id,
    kind: row.kind,
    deptId: row.deptId,
    name,
    isPublic: row.isPublic,
    shift: shiftInfo(row, now),
    other,
    members,
    isMember: thread.memberIds.includes(actor.userId),
    abilities: abilitiesFor(actor, thread, env, {
      write: "thread.write",
      join: "thread.join",
      addMembers: "thread.addMembers",
    }),
    retention: threadRetention(await retentionRulesOf(db, row.deptId), row.kind),
  };
}
