/**
 * What a message, a reply, an undo, a channel and a reaction must be (spec §4, §5, §9;
 * decisions.md § Chat and § Readings), shared by the composer and the server so that
 * both refuse the same things. Refusals are stable codes; the server's error catalogue
 * gives each its Norwegian message.
 */
import { limits } from "../base/limits.ts";

export type MessageError = "message_empty" | "message_too_long";
export type ChannelNameError = "channel_name_required" | "channel_name_too_long";
export type AddMembersError = "no_members_selected" | "members_not_in_department";

/**
 * Every code of these rules: the above, `undo_expired` when `canUndo` says no and
 * `reaction_not_available` when `isPickerEmoji` does.
 */
export type ChatRuleError =
  | MessageError
  | ChannelNameError
  | AddMembersError
  | "undo_expired"
  | "reaction_not_available";

/** Lengths count code points, as PostgreSQL's char_length does: an emoji is one character, not two. */
const length = (text: string) => Array.from(text).length;

/** The body as stored: surrounding whitespace removed, line breaks inside kept. */
export function normaliseMessageBody(text: string): string {
  return text.trim();
}

/**
 * The first rule a message body breaks, judged on the normalised body: text or a file is
 * required ('Tom melding'), and at most 4000 characters. An edit changes only the text
 * and must leave some (spec §5), so it passes `hasAttachments` false.
 */
export function messageBodyError(text: string, hasAttachments: boolean): MessageError | null {
  const body = normaliseMessageBody(text);
  if (!body && !hasAttachments) return "message_empty";
  if (length(body) > limits.messageMaxLength) return "message_too_long";
  return null;
}

const graphemes = new Intl.Segmenter("nb", { granularity: "grapheme" });

/** Printable ASCII and Latin-1 to IPA letters: each its own grapheme (no combining marks, ZWJ or surrogates). */
const singleUnitGraphemes = /^[\x20-\x7e\u00a0-\u02ff]*$/;

/**
 * The quoted line of a reply: one line, cut after 80 characters with an ellipsis
 * ("" when nothing but white space is left). It cuts between graphemes, so an emoji or a
 * letter with its accent is never split. texts/reply-preview.ts adds the placeholders.
 */
export function previewLine(content: string): string {
  const line = content.trim().replace(/\s+/g, " ");
  // Each grapheme is at least one UTF-16 unit: a short line is never cut.
  if (line.length <= limits.replyPreviewLength) return line;
  // Latin text without combining marks or surrogates has one unit per grapheme, up to
  // and including the one after the cut: cut without segmenting (most ward messages).
  const head = line.slice(0, limits.replyPreviewLength + 1);
  if (singleUnitGraphemes.test(head)) return `${head.slice(0, -1).trimEnd()}…`;
  // Segmented lazily and only as far as needed: a page quoting long messages stays cheap.
  const parts: string[] = [];
  for (const { segment } of graphemes.segment(line)) {
    if (parts.length === limits.replyPreviewLength) return `${parts.join("").trimEnd()}…`;
    parts.push(segment);
  }
  return line;
}

/** The last moment a deletion can be undone; after it the server purges the text and files. */
export function undoDeadline(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + limits.undoDeleteMinutes * 60_000);
}

/** Undo within 5 minutes of deleting, the 5 minutes included (spec §4). */
export function canUndo(deletedAt: Date, now: Date): boolean {
  return now.getTime() <= undoDeadline(deletedAt).getTime();
}

/** A channel name as stored: trimmed, and on one line, since it heads the channel and names it in the sidebar. */
export function normaliseChannelName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** Required, at most 50 characters once normalised (decisions.md § Chat: 'Channels'). */
export function channelNameError(name: string): ChannelNameError | null {
  const normalised = normaliseChannelName(name);
  if (!normalised) return "channel_name_required";
  if (length(normalised) > limits.channelNameMaxLength) return "channel_name_too_long";
  return null;
}

/**
 * 'Add members' (spec §5): at least one person ('Ingen valgt'), all of them active staff
 * of the thread's department (`departmentUserIds`).
 */
export function addMembersError(
  selectedUserIds: readonly string[],
  departmentUserIds: ReadonlySet<string>,
): AddMembersError | null {
  if (selectedUserIds.length === 0) return "no_members_selected";
  if (!selectedUserIds.every((id) => departmentUserIds.has(id))) return "members_not_in_department";
  return null;
}

/** The quick reactions under a message, in the spec's order (§9). */
export const quickReactions = ["👍", "❤️", "😊", "👏", "🤔", "🔥", "😂", "😮"] as const;

export type EmojiCategoryId = "popular" | "smileys" | "gestures" | "hearts" | "objects";

export interface EmojiCategory {
  id: EmojiCategoryId;
  emojis: readonly string[];
}

/**
 * The extended picker (spec §9): 'Popular' first, 14 emojis that begin with the quick
 * reactions, then the rest by kind. The categories after 'Popular' fill whole rows of
 * the picker's 8 columns.
 */
export const emojiCategories: readonly EmojiCategory[] = [
  { id: "popular", emojis: [...quickReactions, "🙏", "👌", "✅", "💪", "🎉", "😅"] },
  {
    id: "smileys",
    emojis: [
      ..."😀 😃 😄 😁 😆 😅 🤣 😂 🙂 😉 😊 😇 🥰 😍 😘 😋".split(" "),
      ..."😎 🤓 🤗 🤔 🤨 😐 😴 😮 😯 😲 😢 😭 😤 😡 🥳 🥱".split(" "),
    ],
  },
  { id: "gestures", emojis: "👍 👎 👌 ✌️ 🤞 🤙 👋 👏 🙌 🙏 💪 🤝 👊 ✊ ☝️ 👆".split(" ") },
  { id: "hearts", emojis: "❤️ 🧡 💛 💚 💙 💜 🖤 🤍 🤎 💔 ❣️ 💕 💞 💓 💗 💖".split(" ") },
  { id: "objects", emojis: "☕ 🍰 🍕 🎉 🎂 🎁 📅 ⏰ 📌 📎 💊 💉 🩺 🩹 🏥 🚑".split(" ") },
];

const pickerEmojis: ReadonlySet<string> = new Set(emojiCategories.flatMap((c) => c.emojis));

/**
 * Reactions are limited to the picker's emojis, so a reaction is always something the
 * picker can show, never free text riding on the reaction call.
 */
export function isPickerEmoji(value: string): boolean {
  return pickerEmojis.has(value);
}
