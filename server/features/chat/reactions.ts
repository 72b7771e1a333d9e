/** Emoji reactions (spec §7 toggle_reaction): one per person, message and emoji. */
import { and, eq } from "drizzle-orm";
import { isPickerEmoji } from "../../../common/domain/chat-messages.ts";
import type { ReactionDto } from "../../../common/schemas/chat.ts";
import { topics } from "../../../common/schemas/realtime.ts";
import { chatMessageReactions, chatMessages } from "../../db/schema.ts";
import { unprocessable } from "../../platform/errors.ts";
import { type TxDeps, withTx } from "../../platform/tx.ts";
import type { LoadedMessage } from "./access.ts";
import { messageReactions } from "./present.ts";

/** Takes my reaction away when I gave it, else gives it. Returns the message's reactions. */
export async function toggleReaction(
  deps: TxDeps,
  userId: string,
  message: LoadedMessage,
  emoji: string,
  now: Date,
): Promise<ReactionDto[]> {
  if (!isPickerEmoji(emoji)) throw unprocessable("reaction_not_available");
  await withTx(deps, async (tx, events) => {
    const key = { messageId: message.id, userId, emoji };
    const removed = await tx
      .delete(chatMessageReactions)
      .where(
        and(
          eq(chatMessageReactions.messageId, key.messageId),
          eq(chatMessageReactions.userId, key.userId),
          eq(chatMessageReactions.emoji, key.emoji),
        ),
      )
      .returning({ emoji: chatMessageReactions.emoji });
    // A double click racing itself adds once: the key is unique.
    if (removed.length === 0) await tx.insert(chatMessageReactions).values(key).onConflictDoNothing();
    await tx.update(chatMessages).set({ revisedAt: now }).where(eq(chatMessages.id, message.id));
    events.publish(topics.thread(message.thread.id), "reaction.changed", {
      threadId: message.thread.id,
      messageId: message.id,
    });
  });
  return messageReactions(deps.db, message.id, userId);
}
