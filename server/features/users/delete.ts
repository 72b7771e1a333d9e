/**
 * 'Slett bruker' (decisions.md § Users): everything that is the person's goes, in one
 * transaction. Each feature removes what it holds about them (its `purge.ts`, handed in
 * by app.ts in the order they depend on each other: swaps before the assignments they
 * name); then the audit log forgets them (earlier rows keep their action but not the
 * person's id), the account goes (the database nulls the person's id in past history:
 * 'Slettet bruker'), and one audit row records the deletion with the id only. Files are
 * removed after the commit, never before: a rolled-back deletion keeps them.
 */
import { and, eq, like, ne, or, sql } from "drizzle-orm";
import { topics } from "../../../common/schemas/realtime.ts";
import type { Tx } from "../../db/client.ts";
import { adminAuditLog, staff, user } from "../../db/schema.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { AppContext } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { type TxEvents, withTx } from "../../platform/tx.ts";
import { lockAdmins, requireAnAdmin } from "./admins.ts";

export interface DeletedPerson {
  userId: string;
  email: string;
  now: Date;
}

/**
 * One feature's part of a deletion, in the deletion's transaction. What it returns: the
 * storage keys of files (`files`) and folders (`folders`) to remove after the commit,
 * and the sessions it ended (`sessions`), whose sockets close after the commit.
 */
export type Purge = (tx: Tx, events: TxEvents, person: DeletedPerson) => Promise<PurgeResult>;
export interface PurgeResult {
  files?: string[];
  folders?: string[];
  sessions?: string[];
}

export type DeleteDeps = Pick<AppContext, "db" | "bus" | "clock" | "files" | "log">;

export async function deleteUser(
  deps: DeleteDeps,
  purges: readonly Purge[],
  actor: { userId: string },
  userId: string,
) {
  const { files, folders, sessions } = await withTx(deps, async (tx, events) => {
    const admins = await lockAdmins(tx);
    const [target] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!target) throw notFound("user_not_found");
    await requireAnAdmin(tx, admins, userId);
    const administrators = await tx
      .selectDistinct({ userId: staff.userId })
      .from(staff)
      .where(and(eq(staff.isActive, true), eq(staff.role, "admin"), ne(staff.userId, userId)));
    const person = { userId, email: target.email, now: deps.clock.now() };
    const left: Required<PurgeResult> = { files: [], folders: [], sessions: [] };
    for (const purge of purges) {
      const out = await purge(tx, events, person);
      left.files.push(...(out.files ?? []));
      left.folders.push(...(out.folders ?? []));
      left.sessions.push(...(out.sessions ?? []));
    }
    await forgetInAudit(tx, userId);
    await tx.delete(user).where(eq(user.id, userId));
    await recordAudit(tx, actor, "user.delete", { type: "user", id: userId });
    for (const a of administrators) events.publish(topics.user(a.userId), "user.changed", { userId });
    return left;
  });
  for (const id of sessions) await deps.bus.publish(`session:${id}`, "session.ended");
  const remains = (key: string) => (err: unknown) =>
    deps.log.error({ err, key }, "a deleted user's file remains");
  for (const key of files) await deps.files.delete(key).catch(remains(key));
  for (const key of folders) await deps.files.deletePrefix(key).catch(remains(key));
}

/** Earlier audit rows keep what was done, not to or by whom: the person's id becomes null. */
async function forgetInAudit(tx: Tx, userId: string) {
  await tx
    .update(adminAuditLog)
    .set({ targetId: null })
    .where(and(eq(adminAuditLog.targetType, "user"), eq(adminAuditLog.targetId, userId)));
  await tx
    .update(adminAuditLog)
    .set({ details: sql`replace(${adminAuditLog.details}::text, ${`"${userId}"`}, 'null')::jsonb` })
    .where(or(like(sql`${adminAuditLog.details}::text`, `%${userId}%`)));
}
