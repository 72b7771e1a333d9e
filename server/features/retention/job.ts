/**
 * The daily deletion ('Oppbevaring', issue 30). As of the night's run (03:00 in Oslo,
 * common/domain/retention.ts) each rule deletes what was written before its cutoff: a
 * kind's rule the messages of the department's threads of that kind, with their
 * reactions, acknowledgements and files (rows and bytes); the attachments' rule the
 * department's files, the messages staying. Set-based and idempotent: every tick of a
 * day deletes as of the same instant, so once the day's work is done the next ticks
 * find nothing. A tick deletes at most `batch` messages and files, so a long history
 * goes over several short transactions rather than one that holds its locks for
 * minutes. Each department with something deleted gets one audit row of counts.
 */
import { and, eq, inArray, lt } from "drizzle-orm";
import { type MessageScope, retentionCutoff, retentionRunAt } from "../../../common/domain/retention.ts";
import type { Tx } from "../../db/client.ts";
import { chatMessageAttachments, chatMessages, chatThreads, retentionRules } from "../../db/schema.ts";
import { removeAttachments } from "../../platform/attachment-files.ts";
import { recordAudit } from "../../platform/audit.ts";
import type { Job } from "../../platform/jobs.ts";
import type { FileStore } from "../../platform/storage.ts";

/** How much one tick deletes at most: with a tick every 5 minutes, over half a million a day. */
export const retentionBatch = 2000;

interface Rule {
  deptId: string;
  cutoff: Date;
}
interface Deleted {
  messages: number;
  attachments: number;
}

async function deleteMessages(
  tx: Tx,
  files: FileStore,
  rule: Rule & { kind: MessageScope },
  limit: number,
): Promise<Deleted> {
  const due = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(
      and(
        eq(chatThreads.deptId, rule.deptId),
        eq(chatThreads.kind, rule.kind),
        lt(chatMessages.createdAt, rule.cutoff),
      ),
    )
    .limit(limit);
  if (due.length === 0) return { messages: 0, attachments: 0 };
  const ids = due.map((m) => m.id);
  const gone = await removeAttachments(tx, files, inArray(chatMessageAttachments.messageId, ids));
  // Reactions and acknowledgements go with their message (foreign keys); replies keep their text.
  await tx.delete(chatMessages).where(inArray(chatMessages.id, ids));
  return { messages: ids.length, attachments: gone.length };
}

async function deleteAttachments(tx: Tx, files: FileStore, rule: Rule, limit: number, now: Date) {
  const due = tx
    .select({ id: chatMessageAttachments.id })
    .from(chatMessageAttachments)
    .where(
      and(eq(chatMessageAttachments.deptId, rule.deptId), lt(chatMessageAttachments.createdAt, rule.cutoff)),
    )
    .limit(limit);
  const gone = await removeAttachments(tx, files, inArray(chatMessageAttachments.id, due));
  // The messages stay without their files: a client catching up reads them again.
  const changed = [...new Set(gone.flatMap((a) => (a.messageId ? [a.messageId] : [])))];
  if (changed.length > 0)
    await tx.update(chatMessages).set({ revisedAt: now }).where(inArray(chatMessages.id, changed));
  return { messages: 0, attachments: gone.length };
}

export function retentionJob(files: FileStore, batch = retentionBatch): Job {
  return {
    name: "retention.delete-old",
    everyMs: 5 * 60_000,
    async run({ tx, clock }) {
      const now = clock.now();
      const runAt = retentionRunAt(now);
      const rules = await tx
        .select()
        .from(retentionRules)
        .orderBy(retentionRules.deptId, retentionRules.scope);
      const byDept = new Map<string, Deleted>();
      let left = batch;
      for (const { deptId, scope, days } of rules) {
        if (left <= 0) break;
        const cutoff = retentionCutoff(days, runAt);
        const done =
          scope === "attachments"
            ? await deleteAttachments(tx, files, { deptId, cutoff }, left, now)
            : await deleteMessages(tx, files, { deptId, kind: scope, cutoff }, left);
        left -= Math.max(done.messages, done.attachments);
        const sum = byDept.get(deptId) ?? { messages: 0, attachments: 0 };
        byDept.set(deptId, {
          messages: sum.messages + done.messages,
          attachments: sum.attachments + done.attachments,
        });
      }
      for (const [deptId, counts] of byDept)
        if (counts.messages + counts.attachments > 0)
          await recordAudit(tx, null, "retention.purge", { type: "department", id: deptId }, { ...counts });
    },
  };
}
