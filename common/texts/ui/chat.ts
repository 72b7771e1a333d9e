/** The chat's words that the shared rules produce or name: presence, dividers, replies, emoji. */
import type { EmojiCategoryId } from "../../domain/chat-messages.ts";
import type { PresenceStatus } from "../../domain/presence.ts";

export const chatTexts = {
  chat: {
    // decisions.md § Chat: 'Presence texts'.
    presence: {
      online: "Pålogget",
      away: "Borte",
      offline: "Offline",
    } satisfies Record<PresenceStatus, string>,
    dateDivider: { today: "I dag", yesterday: "I går" },
    replyPreview: {
      // The spec's placeholder for a deleted message, also when a reply quotes one (decisions.md § Chat).
      deleted: "Denne meldingen ble slettet",
      // A quoted message that has files but no text.
      attachmentsOnly: "Vedlegg",
    },
    emojiCategories: {
      popular: "Populære",
      smileys: "Smilefjes",
      gestures: "Gester",
      hearts: "Hjerter",
      objects: "Objekter",
    } satisfies Record<EmojiCategoryId, string>,
  },
} as const;
