/**
 * Deleting a person (decisions.md § Users): their DM threads (both sides' messages),
 * their messages everywhere, their reactions, memberships and uploads go. Returns the
 * storage keys of the files those rows held: the caller removes them after the commit,
 * never before (a rolled-back deletion keeps its files).
 */
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  chatMessageAttachments,
  chatMessageReactions,
  chatMessages,
  chatThreadMembers,
  chatThreads,
} from "../../db/schema.ts";

export async function purgeChat(tx: Tx, _events: unknown, person: { userId: string }): Promise<string[]> {
  const { userId } = person;
  const directs = tx
    .select({ id: chatThreads.id })
    .from(chatThreads)
    .where(
      and(
        eq(chatThreads.kind, "direct"),
        or(eq(chatThreads.directLowId, userId), eq(chatThreads.directHighId, userId)),
      ),
    );
  const mine = tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.authorId, userId));
  const files = await tx
    .delete(chatMessageAttachments)
    .where(
      or(
        inArray(chatMessageAttachments.threadId, directs),
        inArray(chatMessageAttachments.messageId, mine),
        // uploads not sent yet
        and(eq(chatMessageAttachments.uploadedBy, userId), isNull(chatMessageAttachments.messageId)),
      ),
    )
    .returning({ key: chatMessageAttachments.storageKey, thumb: chatMessageAttachments.thumbnailKey });
  await tx.delete(chatThreads).where(inArray(chatThreads.id, directs));
  await tx.delete(chatMessageReactions).where(eq(chatMessageReactions.userId, userId));
  await tx.delete(chatMessages).where(eq(chatMessages.authorId, userId));
  await tx.delete(chatThreadMembers).where(eq(chatThreadMembers.userId, userId));
  return files.flatMap((f) => (f.thumb ? [f.key, f.thumb] : [f.key]));
}
