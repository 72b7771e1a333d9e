import { previewLine } from "../domain/chat-messages.ts";
import { chatTexts } from "./ui/chat.ts";

/**
 * The quoted line above a reply and in the reply bar (domain/chat-messages.ts `previewLine`).
 * `null` is a quoted message whose text is gone or hidden (deleted); a message with files
 * but no text is named as such.
 */
export function replyPreview(content: string | null): string {
  if (content === null) return chatTexts.chat.replyPreview.deleted;
  return previewLine(content) || chatTexts.chat.replyPreview.attachmentsOnly;
}
