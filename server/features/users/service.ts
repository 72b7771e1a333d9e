/**
 * Creating, editing, deactivating people (decisions.md § Users, § Accounts and
 * sessions). Every change runs in one transaction with its audit row; changes that can
 * take an admin away run under the admins' lock (admins.ts). Afterwards the person's
 * tabs reload their session, and those who administer them hear `user.changed`.
 */
import { and, eq, inArray } from "drizzle-orm";
import { emailDomainAllowed } from "../../../common/domain/validation.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import type { EditUserInput } from "../../../common/schemas/users.ts";
import type { Tx } from "../../db/client.ts";
import { account, departments, profiles, session, staff, user } from "../../db/schema.ts";
import { recordAccess } from "../../platform/access-log.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { AppContext } from "../../platform/context.ts";
import { notFound, unprocessable } from "../../platform/errors.ts";
import { leadersAndAdminsOf } from "../../platform/people.ts";
import { type TxEvents, withTx } from "../../platform/tx.ts";
import { lockAdmins, requireAnAdmin } from "./admins.ts";
import { type CreateUser, existingPerson } from "./existing.ts";

export type UsersDeps = Pick<AppContext, "db" | "bus" | "auth" | "config" | "log">;

/**
 * admin_upsert_profile_by_email + admin_ensure_staff_by_email: the person by e-mail
 * (made, or their names and phone updated), their address confirmed (the admin vouches
 * for it), and their staff record in the department with the role, active. Then an
 * invitation: a magic link, so they can sign in at once. Updating someone who had the
 * address is recorded as an edit of them (existing.ts: what changed, shown beforehand).
 */
export async function createUser(
  deps: UsersDeps,
  /** null: the production setup command, run by the operator (no account yet to name) */
  actor: { userId: string } | null,
  input: CreateUser,
): Promise<{ userId: string; created: boolean }> {
  if (!emailDomainAllowed(input.email, deps.config.allowedEmailDomains))
    throw unprocessable("email_domain_not_allowed");
  const result = await withTx(deps, async (tx, events) => {
    const admins = await lockAdmins(tx);
    const fullName = `${input.firstName} ${input.lastName}`;
    const existing = await existingPerson(tx, input);
    const userId = existing
      ? existing.userId
      : (
          await tx
            .insert(user)
            .values({ name: fullName, email: input.email, emailVerified: true })
            .returning()
        )[0]!.id;
    if (existing?.changes.some((c) => c.field === "confirmation")) {
      // An unconfirmed registration's password was chosen by whoever typed the address:
      // confirming the address must not make it valid (as with a magic link).
      await tx.delete(account).where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
      await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    }
    const phone = input.phone === undefined ? {} : { phone: input.phone || null };
    await tx
      .insert(profiles)
      .values({
        userId,
        fullName,
        firstName: input.firstName,
        lastName: input.lastName,
        currentDeptId: input.deptId,
        ...phone,
      })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { firstName: input.firstName, lastName: input.lastName, updatedAt: new Date(), ...phone },
      });
    const sessions = await sessionsOf(tx, userId);
    await tx
      .insert(staff)
      .values({ userId, deptId: input.deptId, role: input.role, isActive: true })
      .onConflictDoUpdate({
        target: [staff.userId, staff.deptId],
        set: { role: input.role, isActive: true },
      });
    await requireAnAdmin(tx, admins);
    const target = { type: "user", id: userId };
    const record = { deptId: input.deptId, role: input.role };
    // Someone who was there is edited, not made: the row names which of their fields changed.
    if (actor && existing)
      await recordAudit(tx, actor, "user.edit", target, {
        via: "create",
        ...record,
        changed: existing.changes.map((c) => c.field),
      });
    else if (actor) await recordAudit(tx, actor, "user.create", target, { ...record, created: true });
    // Made or updated, the record is one an admin wrote: the person's access log says who.
    if (actor) await recordAccess(tx, { actorId: actor.userId, subjectId: userId, action: "record.edit" });
    await announce(tx, events, userId, sessions);
    return { userId, created: !existing };
  });
  await invite(deps, input.email);
  return result;
}

/** The invitation is the sign-in mail (features/auth's mailer, through the outbox). */
async function invite(deps: UsersDeps, email: string) {
  try {
    await deps.auth.api.signInMagicLink({ body: { email }, headers: new Headers() });
  } catch (err) {
    // The person exists; they can still ask for a link on the sign-in page.
    deps.log.error({ err }, "invitation mail failed");
  }
}

/** 'Rediger bruker': names, phone, and each staff record's role and status. */
export function editUser(deps: UsersDeps, actor: { userId: string }, userId: string, input: EditUserInput) {
  const deptIds = input.memberships.map((m) => m.deptId);
  if (new Set(deptIds).size !== deptIds.length) throw unprocessable("user_memberships_duplicate");
  return withTx(deps, async (tx, events) => {
    const found = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(inArray(departments.id, deptIds));
    if (found.length !== deptIds.length) throw notFound("department_not_found");
    const admins = await lockAdmins(tx);
    const before = await tx.select().from(staff).where(eq(staff.userId, userId));
    const names = { firstName: input.firstName, lastName: input.lastName, phone: input.phone || null };
    await tx
      .insert(profiles)
      .values({ userId, fullName: `${input.firstName} ${input.lastName}`, ...names })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...names, updatedAt: new Date() } });
    const sessions = await sessionsOf(tx, userId);
    for (const m of input.memberships)
      await tx
        .insert(staff)
        .values({ userId, deptId: m.deptId, role: m.role, isActive: m.isActive })
        .onConflictDoUpdate({
          target: [staff.userId, staff.deptId],
          set: { role: m.role, isActive: m.isActive },
        });
    await requireAnAdmin(tx, admins);
    const was = new Map(before.map((r) => [r.deptId, r]));
    const roleChanged = input.memberships
      .filter((m) => was.get(m.deptId)?.role !== m.role)
      .map((m) => m.deptId);
    const activityChanged = input.memberships.filter((m) => was.get(m.deptId)?.isActive !== m.isActive);
    await recordAudit(tx, actor, "user.edit", { type: "user", id: userId }, { roleChanged });
    await recordAccess(tx, { actorId: actor.userId, subjectId: userId, action: "record.edit" });
    if (activityChanged.length > 0)
      await recordAudit(
        tx,
        actor,
        "user.deactivate",
        { type: "user", id: userId },
        {
          activated: activityChanged.filter((m) => m.isActive).map((m) => m.deptId),
          deactivated: activityChanged.filter((m) => !m.isActive).map((m) => m.deptId),
        },
      );
    await announce(tx, events, userId, sessions);
  });
}

/**
 * Deactivate or reactivate the person's record in one department, or every record
 * (no `deptId`). A person left with no active record is signed out everywhere at once:
 * the database deletes their sessions (migration 0001), and their sockets close here.
 */
export function setActivation(
  deps: UsersDeps,
  actor: { userId: string },
  userId: string,
  input: { active: boolean; deptId?: string | undefined },
) {
  return withTx(deps, async (tx, events) => {
    const admins = await lockAdmins(tx);
    const sessions = await sessionsOf(tx, userId);
    const changed = await tx
      .update(staff)
      .set({ isActive: input.active })
      .where(and(eq(staff.userId, userId), input.deptId ? eq(staff.deptId, input.deptId) : undefined))
      .returning({ deptId: staff.deptId });
    if (changed.length === 0) throw notFound("user_not_found");
    await requireAnAdmin(tx, admins);
    await recordAudit(
      tx,
      actor,
      "user.deactivate",
      { type: "user", id: userId },
      {
        active: input.active,
        deptIds: changed.map((c) => c.deptId),
      },
    );
    await recordAccess(tx, { actorId: actor.userId, subjectId: userId, action: "record.edit" });
    await announce(tx, events, userId, sessions);
  });
}

/** The person's sessions, read before a change that may end them. */
async function sessionsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * After the change: sessions that are gone (the person was deactivated) close their
 * sockets; the person's tabs reload their session; the person and those who administer
 * them (admins, leaders of their departments) hear `user.changed`.
 */
async function announce(tx: Tx, events: TxEvents, userId: string, sessionsBefore: string[]) {
  if (sessionsBefore.length > 0) {
    const left = await tx.select({ id: session.id }).from(session).where(inArray(session.id, sessionsBefore));
    const alive = new Set(left.map((s) => s.id));
    for (const id of sessionsBefore) if (!alive.has(id)) events.publish(`session:${id}`, "session.ended");
  }
  events.publish(topics.user(userId), "session.changed");
  for (const id of await administratorsOf(tx, userId))
    events.publish(topics.user(id), "user.changed", { userId });
}

async function administratorsOf(tx: Tx, userId: string): Promise<string[]> {
  const theirDepts = tx.select({ deptId: staff.deptId }).from(staff).where(eq(staff.userId, userId));
  return [...new Set([userId, ...(await leadersAndAdminsOf(tx, theirDepts))])];
}
