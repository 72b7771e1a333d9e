/**
 * 'Slett bruker' leaves nothing of the person: after deleting someone with data in every
 * feature, no row of any table holds their name, e-mail or id (but the deletion's audit
 * row, with the id only), and no file of theirs is on disk. The scan reads every text,
 * uuid, json and array column generically, as the E2E test does.
 */
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  calendarFeeds,
  chatMessageAttachments,
  chatMessageReactions,
  chatMessages,
  chatThreadMembers,
  chatThreads,
  notifications,
  presence,
  rateLimits,
  shiftAllocationRuns,
  shiftAssignments,
  shiftInterests,
  shifts,
  swapDeals,
  swapOffers,
} from "../../db/schema.ts";
import { hashedKey } from "../../platform/rate-limit.ts";
import { makeShift, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";

const day = 86_400_000;

describe("deleting a user", () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());

  async function storeFile(key: string) {
    await t.ctx.files.put(key, Readable.from([Buffer.from("bytes")]));
    return key;
  }

  /** A message with a file in `threadId`, by `authorId`. */
  async function messageWithFile(threadId: string, authorId: string, content: string) {
    const [m] = await t.ctx.db.insert(chatMessages).values({ threadId, authorId, content }).returning();
    const key = await storeFile(`chat-uploads/${threadId}/${randomUUID()}_bilde.png`);
    await t.ctx.db.insert(chatMessageAttachments).values({
      threadId,
      messageId: m!.id,
      uploadedBy: authorId,
      storageKey: key,
      name: "bilde.png",
      kind: "png",
      mimeType: "image/png",
      byteSize: 5,
    });
    return { messageId: m!.id, key };
  }

  async function assign(shiftId: string, userId: string) {
    const [row] = await t.ctx.db
      .insert(shiftAssignments)
      .values({ shiftId, userId, method: "manual" })
      .returning();
    return row!;
  }

  const rows = async <R>(query: SQL) => ((await t.ctx.db.execute(query)) as unknown as { rows: R[] }).rows;

  async function rowsHolding(needle: string, except: string): Promise<string[]> {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'uuid', 'jsonb', 'json', 'ARRAY')`);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const notDeletionRow = table === "admin_audit_log" ? sql` and id <> ${except}` : sql``;
      const [res] = await rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}${notDeletionRow}`,
      );
      if (res!.n > 0) found.push(`${table}.${column}`);
    }
    return found;
  }

  async function filesOnDisk(dir = path.join(t.ctx.config.dataDir, "files")): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(
      entries.map((e) => (e.isDirectory() ? filesOnDisk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
    );
    return nested.flat();
  }

  it("removes everything of theirs, reopens their future extra shifts and tells the other side", async () => {
    const tag = randomUUID().slice(0, 6);
    const [first, last, email] = [`Gudrun${tag}`, `Slettesen${tag}`, `gudrun.${tag}@sykehus.no`];
    const made = await w.as.admin.post("/api/admin/users", {
      firstName: first,
      lastName: last,
      email,
      deptId: w.a,
    });
    expect(made.statusCode).toBe(201);
    const id: string = made.json().user.userId;
    await w.as.admin.request("PATCH", `/api/admin/users/${id}`, {
      firstName: first,
      lastName: last,
      phone: "99999999",
      memberships: [{ deptId: w.a, role: "staff", isActive: true }],
    });
    const me = await signedInClient(t, id);
    await t.client().post("/api/auth/magic-link", { email });
    await t.ctx.background.settled();

    // chat: the department thread, a DM with Kari (both sides' files), a reaction
    await t.ctx.db.insert(chatThreads).values({ kind: "department", deptId: w.a }).onConflictDoNothing();
    const [deptThread] = await t.ctx.db
      .select()
      .from(chatThreads)
      .where(and(eq(chatThreads.deptId, w.a), eq(chatThreads.kind, "department")));
    const [low, high] = [id, w.ids.kari].sort();
    const [dm] = await t.ctx.db
      .insert(chatThreads)
      .values({ kind: "direct", deptId: w.a, directLowId: low, directHighId: high })
      .returning();
    const mine = await messageWithFile(deptThread!.id, id, `Hilsen fra ${first}`);
    const karis = await messageWithFile(dm!.id, w.ids.kari, "Hei!");
    const [karisPublic] = await t.ctx.db
      .insert(chatMessages)
      .values({
        threadId: deptThread!.id,
        authorId: w.ids.kari,
        content: "God morgen",
        replyToId: mine.messageId,
      })
      .returning();
    await t.ctx.db
      .insert(chatMessageReactions)
      .values({ messageId: karisPublic!.id, userId: id, emoji: "👍" });
    await t.ctx.db.insert(chatThreadMembers).values({ threadId: dm!.id, userId: id });
    await t.ctx.db.insert(presence).values({ userId: id, lastSeenAt: new Date() });
    const avatar = await storeFile(`avatars/${id}/avatar.png`);

    // shifts: an interest, a future extra shift won by a run, a past one
    const open = await makeShift(t, { dept: w.a });
    await t.ctx.db.insert(shiftInterests).values({ shiftId: open.id, userId: id });
    const future = await makeShift(t, { dept: w.a, status: "assigned", title: "Nattevakt" });
    const futureAssignment = await assign(future.id, id);
    const runOf = (shiftId: string) => ({
      shiftId,
      winnerUserId: id,
      snapshot: { minScore: 0, ties: [id], others: [w.ids.ola] },
      minRestHours: 11,
      candidateIds: [id, w.ids.ola],
      candidateFairness: [0, 1],
      candidateTieBreaks: [randomUUID(), randomUUID()],
      candidateRanks: [1, 2],
      candidateIneligible: [null, null],
    });
    await t.ctx.db.insert(shiftAllocationRuns).values(runOf(future.id));
    const past = await makeShift(t, {
      dept: w.a,
      status: "assigned",
      startsAt: new Date(Date.now() - 3 * day),
    });
    await assign(past.id, id);
    await t.ctx.db.insert(shiftAllocationRuns).values(runOf(past.id));
    await t.ctx.db
      .insert(calendarFeeds)
      .values({ userId: id, tokenHash: `hash-${tag}`, nonce: randomUUID() });

    // swaps: their own offer, and their proposal on Kari's offer, waiting for her
    const roster = await makeShift(t, {
      dept: w.a,
      kind: "roster",
      status: "assigned",
      startsAt: new Date(Date.now() + 5 * day),
    });
    const rosterAssignment = await assign(roster.id, id);
    await t.ctx.db
      .insert(swapOffers)
      .values({ ownerId: id, deptId: w.a, fromAssignmentId: rosterAssignment.id });
    const karisShift = await makeShift(t, {
      dept: w.a,
      kind: "roster",
      status: "assigned",
      startsAt: new Date(Date.now() + 6 * day),
    });
    const karisAssignment = await assign(karisShift.id, w.ids.kari);
    const [karisOffer] = await t.ctx.db
      .insert(swapOffers)
      .values({ ownerId: w.ids.kari, deptId: w.a, fromAssignmentId: karisAssignment.id })
      .returning();
    await t.ctx.db.insert(swapDeals).values({
      offerId: karisOffer!.id,
      deptId: w.a,
      ownerId: w.ids.kari,
      proposerId: id,
      ownerAssignmentId: karisAssignment.id,
      proposerAssignmentId: rosterAssignment.id,
      source: "proposal",
      status: "waiting_owner",
    });
    await t.ctx.db
      .insert(notifications)
      .values({ recipientUserId: id, type: "info", payload: { title: "Hei", sentFrom: "admin_panel" } });

    const res = await w.as.admin.request("DELETE", `/api/admin/users/${id}`);
    expect(res.statusCode).toBe(204);

    const [deletion] = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "user.delete"));
    expect(deletion).toMatchObject({
      targetType: "user",
      targetId: id,
      actorUserId: w.ids.admin,
      details: {},
    });
    for (const needle of [id, email, first, last])
      expect(await rowsHolding(needle, deletion!.id)).toEqual([]);
    const limitKey = hashedKey(t.ctx.rateLimitSecret, `magic:account:${email}`);
    expect(await t.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, limitKey))).toEqual([]);

    for (const key of [mine.key, karis.key, avatar]) expect(await t.ctx.files.exists(key)).toBe(false);
    expect((await filesOnDisk()).filter((f) => f.includes(id))).toEqual([]);

    // Kari's message in the department stays; her reply no longer quotes the deleted one.
    const [kept] = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, karisPublic!.id));
    expect(kept!.replyToId).toBeNull();
    // The future extra shift is open again without its run; the leaders are told.
    const [reopened] = await t.ctx.db.select().from(shifts).where(eq(shifts.id, future.id));
    expect(reopened!.status).toBe("open");
    expect(
      await t.ctx.db.select().from(shiftAssignments).where(eq(shiftAssignments.id, futureAssignment.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db.select().from(shiftAllocationRuns).where(eq(shiftAllocationRuns.shiftId, future.id)),
    ).toEqual([]);
    const leaderHeard = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientUserId, w.ids.leader));
    expect(leaderHeard.map((n) => [n.type, (n.payload as { shiftId: string }).shiftId])).toContainEqual([
      "shift_published",
      future.id,
    ]);
    // The past assignment keeps the shift's history, naming nobody.
    const [history] = await t.ctx.db
      .select()
      .from(shiftAssignments)
      .where(eq(shiftAssignments.shiftId, past.id));
    expect(history!.userId).toBeNull();
    const [pastRun] = await t.ctx.db
      .select()
      .from(shiftAllocationRuns)
      .where(eq(shiftAllocationRuns.shiftId, past.id));
    expect(pastRun).toMatchObject({
      winnerUserId: null,
      candidateIds: [null, w.ids.ola],
      snapshot: { minScore: 0, ties: [null], others: [w.ids.ola] },
    });
    // Kari hears that the proposal is gone.
    const karisNews = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientUserId, w.ids.kari));
    expect(karisNews.map((n) => n.type)).toContain("swap_withdrawn");
    // Their session is gone.
    expect((await me.get("/api/departments")).statusCode).toBe(401);
  });
});
