import { and, inArray, isNotNull, lt } from "drizzle-orm";
import { limits } from "../../../common/base/limits.ts";
import { chatMessageReactions, chatMessages } from "../../db/schema.ts";
import type { Job } from "../../platform/jobs.ts";
import type { FileStore } from "../../platform/storage.ts";
import { removeFilesOfMessages } from "./attachments.ts";

/**
 * After the undo window a deleted message loses its text, its reactions and its files
 * (rows and bytes), for good. Set-based: a second run (another instance, the next tick)
 * finds nothing left to do.
 */
export function purgeDeletedJob(files: FileStore): Job {
  return {
    name: "chat.purge-deleted-messages",
    everyMs: 60_000,
    async run({ tx, clock }) {
      // Deleted before this instant: `canUndo` says no to them.
      const cutoff = new Date(clock.now().getTime() - limits.undoDeleteMinutes * 60_000);
      const purged = await tx
        .update(chatMessages)
        .set({ content: null, revisedAt: clock.now() })
        .where(
          and(
            isNotNull(chatMessages.deletedAt),
            isNotNull(chatMessages.content),
            lt(chatMessages.deletedAt, cutoff),
          ),
        )
        .returning({ id: chatMessages.id });
      const ids = purged.map((p) => p.id);
      if (ids.length > 0)
        await tx.delete(chatMessageReactions).where(inArray(chatMessageReactions.messageId, ids));
      await removeFilesOfMessages(tx, files, ids);
      return purged.length;
    },
  };
}
