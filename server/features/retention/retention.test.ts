/**
 * Retention through the API and its daily job ('Oppbevaring', issue 30), on an app whose
 * clock the tests set: admins read and save a department's rules (refusals, validation,
 * the audit row), the thread header says what a rule deletes, and the job deletes
 * exactly what was written before the cutoff (a second either side), with reactions and
 * files gone from storage, in that department and thread kind only, in batches,
 * recording counts alone.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { retentionCutoff, retentionRunAt } from "../../../common/domain/retention.ts";
import type { RetentionRulesInput } from "../../../common/schemas/retention.ts";
import {
  adminAuditLog,
  chatMessageAttachments,
  chatMessageReactions,
  chatMessages,
  chatThreads,
  retentionRules,
} from "../../db/schema.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { chatUploadKey, thumbnailKey } from "../../platform/storage.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { twoDepartments, type World } from "../../test/world.ts";
import { retentionJob } from "./job.ts";

/** Midday in Oslo; the night's run was at 03:00 (01:00 UTC). */
const noon = new Date("2026-06-10T10:00:00Z");
const second = 1000;
const keepAll: RetentionRulesInput = {
  shift: null,
  department: null,
  channel: null,
  direct: null,
  attachments: null,
};

describe("retention", () => {
  let t: TestApp;
  let w: World;
  let now = noon;
  const clock = { now: () => now };
  const path = (deptId: string) => `/api/admin/departments/${deptId}/retention`;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    w = await twoDepartments(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    now = noon;
    await t.ctx.db.delete(retentionRules);
  });

  const save = (deptId: string, rules: Partial<RetentionRulesInput>) =>
    w.as.admin.put(path(deptId), { ...keepAll, ...rules });

  describe("the rules ('Oppbevaring')", () => {
    it("are 'Behold alt' until an admin saves some, and are saved whole with an audit row of the days", async () => {
      const empty = await w.as.admin.get(path(w.a));
      expect([empty.statusCode, empty.json()]).toEqual([200, { deptId: w.a, rules: keepAll }]);

      const saved = await save(w.a, { department: 30, attachments: 7 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().rules).toEqual({ ...keepAll, department: 30, attachments: 7 });
      // Back to 'Behold alt' for one, another changed.
      const again = await save(w.a, { department: 60 });
      expect(again.json().rules).toEqual({ ...keepAll, department: 60 });
      expect((await w.as.admin.get(path(w.a))).json().rules).toEqual({ ...keepAll, department: 60 });
      // Another department's rules are its own.
      expect((await w.as.admin.get(path(w.b))).json().rules).toEqual(keepAll);

      const rows = await t.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "retention.edit"), eq(adminAuditLog.targetId, w.a)))
        .orderBy(adminAuditLog.createdAt);
      expect(rows.map((r) => [r.actorUserId, r.details])).toEqual([
        [w.ids.admin, { ...keepAll, department: 30, attachments: 7 }],
        [w.ids.admin, { ...keepAll, department: 60 }],
      ]);
    });

    it("are the admins' alone: others are refused with 403, a department that does not exist is 404", async () => {
      for (const who of ["leader", "kari", "leaderB"] as const) {
        expect((await w.as[who].get(path(w.a))).statusCode, who).toBe(403);
        expect((await w.as[who].put(path(w.a), keepAll)).statusCode, who).toBe(403);
      }
      const missing = await w.as.admin.get(path(randomUUID()));
      expect([missing.statusCode, missing.json().error.code]).toEqual([404, "department_not_found"]);
      expect((await t.client().get(path(w.a))).statusCode).toBe(401);
    });

    it("refuses days that are no whole number from 1 to 3650, in Norwegian, and changes nothing", async () => {
      for (const days of [0, -1, 1.5, 3651, "30", true]) {
        const res = await w.as.admin.put(path(w.a), { ...keepAll, channel: days });
        expect([res.statusCode, res.json().error.code], String(days)).toEqual([400, "validation_failed"]);
        expect(res.json().error.fields.channel).toBe("Antall dager må være et helt tall fra 1 til 3650.");
      }
      const partial = await w.as.admin.put(path(w.a), { channel: 30 });
      expect(partial.statusCode).toBe(400);
      expect((await w.as.admin.get(path(w.a))).json().rules).toEqual(keepAll);
      expect((await save(w.a, { channel: 1, direct: 3650 })).statusCode).toBe(200);
    });

    it("show in the thread header: the kind's days, the files' where they go sooner", async () => {
      await save(w.a, { department: 30, attachments: 7, channel: 5 });
      const header = await w.as.kari.post("/api/chat/department");
      expect(header.json().retention).toEqual({ messages: 30, attachments: 7 });
      const elsewhere = await w.as.per.post("/api/chat/department");
      expect(elsewhere.json().retention).toEqual({ messages: null, attachments: null });
      await save(w.a, { department: 30, attachments: 60 });
      expect((await w.as.kari.post("/api/chat/department")).json().retention).toEqual({
        messages: 30,
        attachments: null,
      });
    });
  });

  describe("the daily job", () => {
    const db = () => t.ctx.db;

    /** A new channel, or the department's one thread (the header's test may have made it). */
    async function thread(deptId: string, kind: "department" | "channel"): Promise<string> {
      await db()
        .insert(chatThreads)
        .values({ deptId, kind, name: kind === "channel" ? `Kanal ${randomUUID()}` : null })
        .onConflictDoNothing();
      const [row] = await db()
        .select({ id: chatThreads.id })
        .from(chatThreads)
        .where(and(eq(chatThreads.deptId, deptId), eq(chatThreads.kind, kind)))
        .orderBy(desc(chatThreads.createdAt))
        .limit(1);
      return row!.id;
    }
    async function message(threadId: string, createdAt: Date, authorId = w.ids.kari): Promise<string> {
      const [row] = await db()
        .insert(chatMessages)
        .values({ threadId, authorId, content: "Husk overlevering kl. 15", createdAt })
        .returning({ id: chatMessages.id });
      await db().insert(chatMessageReactions).values({ messageId: row!.id, userId: w.ids.ola, emoji: "👍" });
      return row!.id;
    }
    /** A file of the message, with a thumbnail, its bytes in the store. */
    async function file(threadId: string, messageId: string, createdAt: Date) {
      const storageKey = chatUploadKey(threadId, randomUUID(), "bilde.png");
      const thumb = thumbnailKey(storageKey);
      await t.ctx.files.put(storageKey, Readable.from([Buffer.from("png-bytes")]));
      await t.ctx.files.put(thumb, Readable.from([Buffer.from("webp-bytes")]));
      await db().insert(chatMessageAttachments).values({
        threadId,
        messageId,
        uploadedBy: w.ids.kari,
        storageKey,
        thumbnailKey: thumb,
        name: "bilde.png",
        kind: "png",
        mimeType: "image/png",
        byteSize: 9,
        createdAt,
      });
      return [storageKey, thumb];
    }
    const left = async (ids: string[]) =>
      (
        await db().select({ id: chatMessages.id }).from(chatMessages).where(inArray(chatMessages.id, ids))
      ).map((r) => r.id);
    const stored = async (keys: string[]) =>
      (await Promise.all(keys.map((k) => t.ctx.files.exists(k)))).map((yes, i) => (yes ? keys[i] : null));
    const purgeRows = (deptId: string) =>
      db()
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "retention.purge"), eq(adminAuditLog.targetId, deptId)));

    it("deletes exactly what is older than the rule, with reactions and files, in that department and kind only", async () => {
      await save(w.a, { department: 30, attachments: 7 });
      const cutoff = retentionCutoff(30, retentionRunAt(now));
      const filesCutoff = retentionCutoff(7, retentionRunAt(now));
      const [deptA, channelA, deptB] = [
        await thread(w.a, "department"),
        await thread(w.a, "channel"),
        await thread(w.b, "department"),
      ];
      const gone = await message(deptA, new Date(cutoff.getTime() - second));
      const kept = await message(deptA, new Date(cutoff.getTime() + second));
      const goneFiles = await file(deptA, gone, new Date(cutoff.getTime() - second));
      // A channel has no message rule: its old message stays, its old file goes, a newer file stays.
      const channelOld = await message(channelA, new Date(cutoff.getTime() - 100 * 86_400_000));
      const oldFile = await file(channelA, channelOld, new Date(filesCutoff.getTime() - second));
      const newFile = await file(channelA, channelOld, new Date(filesCutoff.getTime() + second));
      // Another department has no rules at all.
      const other = await message(deptB, new Date(cutoff.getTime() - 100 * 86_400_000));
      const otherFile = await file(deptB, other, new Date(cutoff.getTime() - 100 * 86_400_000));

      expect(await t.jobs.runNow("retention.delete-old")).toBe("ran");

      expect(await left([gone, kept, channelOld, other])).toEqual(
        expect.arrayContaining([kept, channelOld, other]),
      );
      expect(await left([gone])).toEqual([]);
      const reactions = await db()
        .select({ id: chatMessageReactions.messageId })
        .from(chatMessageReactions)
        .where(inArray(chatMessageReactions.messageId, [gone, kept]));
      expect(reactions.map((r) => r.id)).toEqual([kept]);
      expect(await stored([...goneFiles, ...oldFile])).toEqual([null, null, null, null]);
      expect(await stored([...newFile, ...otherFile])).toEqual([...newFile, ...otherFile]);
      const files = await db()
        .select({ key: chatMessageAttachments.storageKey })
        .from(chatMessageAttachments)
        .where(inArray(chatMessageAttachments.threadId, [deptA, channelA, deptB]));
      expect(files.map((f) => f.key).sort()).toEqual([newFile[0], otherFile[0]].sort());

      // Counts only, by the app itself, for the department that lost something.
      const rows = await purgeRows(w.a);
      expect(rows.map((r) => [r.actorUserId, r.targetType, r.details])).toEqual([
        [null, "department", { messages: 1, attachments: 2 }],
      ]);
      expect(await purgeRows(w.b)).toEqual([]);
      const log = await w.as.admin.get("/api/admin/audit?action=retention.purge");
      expect(log.json().entries.map((e: { summary: string }) => e.summary)).toContainEqual(
        expect.stringMatching(/^Oppbevaring: 1 melding og 2 vedlegg slettet i Avdeling /),
      );

      // The day's work is done: later ticks that day delete nothing and record nothing.
      now = new Date(noon.getTime() + 6 * 3_600_000);
      await t.jobs.runNow("retention.delete-old");
      expect(await left([kept])).toEqual([kept]);
      expect(await purgeRows(w.a)).toHaveLength(1);
      // After the next night's run, the message a day older than the rule goes.
      now = new Date(retentionRunAt(noon).getTime() + 86_400_000 + 2 * second);
      await t.jobs.runNow("retention.delete-old");
      expect(await left([kept])).toEqual([]);
    });

    it("deletes a long history over several ticks, a batch each", async () => {
      await save(w.b, { channel: 1 });
      const channel = await thread(w.b, "channel");
      const old = new Date(retentionCutoff(1, retentionRunAt(now)).getTime() - second);
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await message(channel, old, w.ids.per));
      const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock, log: t.ctx.log }, [
        retentionJob(t.ctx.files, 2),
      ]);
      const counts = [];
      for (let tick = 0; tick < 4; tick++) {
        await runner.runNow("retention.delete-old");
        counts.push((await left(ids)).length);
      }
      expect(counts).toEqual([3, 1, 0, 0]);
      const details = (await purgeRows(w.b)).map((r) => r.details);
      expect(details).toEqual(
        expect.arrayContaining([
          { messages: 2, attachments: 0 },
          { messages: 1, attachments: 0 },
        ]),
      );
      expect(details).toHaveLength(3);
      await runner.stop();
    });
  });
});
