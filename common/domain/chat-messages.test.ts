import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "../base/limits.ts";
import { replyPreview } from "../texts/reply-preview.ts";
import {
  addMembersError,
  canUndo,
  channelNameError,
  emojiCategories,
  isPickerEmoji,
  messageBodyError,
  normaliseChannelName,
  normaliseMessageBody,
  quickReactions,
  undoDeadline,
} from "./chat-messages.ts";

const segmenter = new Intl.Segmenter("nb", { granularity: "grapheme" });
const graphemeCount = (s: string) => Array.from(segmenter.segment(s)).length;
const codePoints = (s: string) => Array.from(s).length;
const loneSurrogate = /\p{Cs}/u;
const whitespace = fc.constantFrom(" ", "\n", "\t", "\r\n", "\u00a0");
const blank = fc.array(whitespace, { maxLength: 6 }).map((parts) => parts.join(""));

describe("messageBodyError (spec §5, decisions.md: at most 4000 characters)", () => {
  it("refuses an empty message without files as 'Tom melding'", () => {
    expect(messageBodyError("", false)).toBe("message_empty");
    expect(messageBodyError(" \n\t ", false)).toBe("message_empty");
    expect(messageBodyError("", true)).toBeNull();
    expect(messageBodyError("Hei", false)).toBeNull();
  });

  it("allows 4000 characters and refuses 4001, counting an emoji as one", () => {
    expect(limits.messageMaxLength).toBe(4000);
    expect(messageBodyError("a".repeat(4000), false)).toBeNull();
    expect(messageBodyError("a".repeat(4001), false)).toBe("message_too_long");
    expect(messageBodyError("🔥".repeat(4000), false)).toBeNull();
    expect(messageBodyError(`  ${"a".repeat(4000)}\n\n`, false)).toBeNull();
  });

  it("judges the trimmed body, whatever surrounds it", () => {
    fc.assert(
      fc.property(blank, fc.string({ unit: "grapheme", maxLength: 50 }), blank, (before, text, after) => {
        expect(messageBodyError(before + text + after, false)).toBe(messageBodyError(text.trim(), false));
        expect(normaliseMessageBody(before + text + after)).toBe(text.trim());
      }),
    );
  });

  it("refuses exactly the bodies that are blank without files or longer than 4000 characters", () => {
    const near = fc.record({
      char: fc.constantFrom("a", "é", "🔥", "中", "\n"),
      count: fc.integer({ min: 3990, max: 4010 }),
    });
    const body = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      near.map(({ char, count }) => `x${char.repeat(count - 1)}`),
    );
    fc.assert(
      fc.property(blank, body, fc.boolean(), (around, text, files) => {
        const trimmed = text.trim();
        const expected =
          !trimmed && !files ? "message_empty" : codePoints(trimmed) > 4000 ? "message_too_long" : null;
        expect(messageBodyError(around + text + around, files)).toBe(expected);
      }),
    );
  });
});

describe("replyPreview (spec §9: cut at 80 characters)", () => {
  it("keeps a short message whole and cuts a long one with an ellipsis", () => {
    expect(replyPreview("Kan noen ta nattevakten?")).toBe("Kan noen ta nattevakten?");
    expect(replyPreview("a".repeat(80))).toBe("a".repeat(80));
    expect(replyPreview("a".repeat(81))).toBe(`${"a".repeat(80)}…`);
  });

  it("puts the quote on one line", () => {
    expect(replyPreview("  Hei\n\nalle  sammen\t")).toBe("Hei alle sammen");
  });

  it("never splits an emoji or a letter with its accent", () => {
    const family = "👨‍👩‍👧";
    const cut = replyPreview(family.repeat(90));
    expect(cut).toBe(`${family.repeat(80)}…`);
    expect(replyPreview(`${"a".repeat(79)}e\u0301xyz`)).toBe(`${"a".repeat(79)}e\u0301…`);
  });

  it("cuts Norwegian text exactly where segmenting would", () => {
    const letters = fc.constantFrom(..."abcæøåÆØÅé ,.!?-0123456789\u00a0\u02bc");
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 160 }), (chars) => {
        const line = chars.join("").trim().replace(/\s+/g, " ");
        fc.pre(line.length > 0);
        const graphemes = Array.from(segmenter.segment(line), (g) => g.segment);
        const expected = graphemes.length <= 80 ? line : `${graphemes.slice(0, 80).join("").trimEnd()}…`;
        expect(replyPreview(line)).toBe(expected);
      }),
    );
  });

  it("shows the placeholder for a deleted message and a word for files only", () => {
    expect(replyPreview(null)).toBe("Denne meldingen ble slettet");
    expect(replyPreview("  ")).toBe("Vedlegg");
  });

  it("is a grapheme-whole prefix of the one-line text, at most 80 graphemes and an ellipsis", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 200 }), (text) => {
        const line = text.trim().replace(/\s+/g, " ");
        fc.pre(line.length > 0);
        const preview = replyPreview(text);
        expect(loneSurrogate.test(preview)).toBe(false);
        if (graphemeCount(line) <= 80) {
          expect(preview).toBe(line);
          return;
        }
        expect(preview.endsWith("…")).toBe(true);
        const kept = preview.slice(0, -1);
        expect(line.startsWith(kept)).toBe(true);
        expect(graphemeCount(kept)).toBeLessThanOrEqual(80);
        // The cut falls on a boundary of the whole text's graphemes.
        const boundaries = new Set(Array.from(segmenter.segment(line), (s) => s.index));
        expect(boundaries.has(kept.length) || kept.length === line.length).toBe(true);
      }),
    );
  });
});

describe("undo (spec §4: within 5 minutes)", () => {
  const deletedAt = new Date("2026-10-25T00:59:00Z");

  it("allows undo up to and including 5 minutes after deleting", () => {
    expect(undoDeadline(deletedAt)).toEqual(new Date("2026-10-25T01:04:00Z"));
    expect(canUndo(deletedAt, deletedAt)).toBe(true);
    expect(canUndo(deletedAt, new Date("2026-10-25T01:04:00Z"))).toBe(true);
    expect(canUndo(deletedAt, new Date("2026-10-25T01:04:00.001Z"))).toBe(false);
  });

  it("is true exactly until the deadline", () => {
    const instant = fc.date({
      min: new Date("2000-01-01"),
      max: new Date("2060-12-31"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, fc.integer({ min: -60_000, max: 3_600_000 }), (deleted, after) => {
        const now = new Date(deleted.getTime() + after);
        expect(canUndo(deleted, now)).toBe(after <= 5 * 60_000);
      }),
    );
  });
});

describe("channel names (decisions.md § Chat)", () => {
  it("requires a name of at most 50 characters, trimmed and on one line", () => {
    expect(channelNameError("")).toBe("channel_name_required");
    expect(channelNameError("   \n")).toBe("channel_name_required");
    expect(channelNameError("Operasjon 1")).toBeNull();
    expect(channelNameError(` ${"k".repeat(50)} `)).toBeNull();
    expect(channelNameError("k".repeat(51))).toBe("channel_name_too_long");
    expect(normaliseChannelName("  Nattevakt \n kirurgi ")).toBe("Nattevakt kirurgi");
  });

  it("judges the normalised name, and normalising twice changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 70 }), (name) => {
        const normalised = normaliseChannelName(name);
        expect(normaliseChannelName(normalised)).toBe(normalised);
        expect(normalised).not.toMatch(/^\s|\s$|\s\s|\n/);
        const expected = !normalised
          ? "channel_name_required"
          : codePoints(normalised) > 50
            ? "channel_name_too_long"
            : null;
        expect(channelNameError(name)).toBe(expected);
      }),
    );
  });
});

describe("addMembersError (spec §5)", () => {
  const department = new Set(["kari", "ola", "per"]);

  it("wants at least one person, all from the department", () => {
    expect(addMembersError([], department)).toBe("no_members_selected");
    expect(addMembersError(["kari", "ola"], department)).toBeNull();
    expect(addMembersError(["kari", "ingrid"], department)).toBe("members_not_in_department");
  });

  it("refuses any selection with someone outside the department", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("kari", "ola", "per", "ingrid", "lars"), { minLength: 1 }),
        (ids) => {
          const outsider = ids.some((id) => !department.has(id));
          expect(addMembersError(ids, department)).toBe(outsider ? "members_not_in_department" : null);
        },
      ),
    );
  });
});

describe("emoji (spec §9)", () => {
  it("has the spec's quick reactions in order", () => {
    expect(quickReactions).toEqual(["👍", "❤️", "😊", "👏", "🤔", "🔥", "😂", "😮"]);
  });

  it("starts the picker with 14 popular emojis beginning with the quick reactions, then the kinds", () => {
    expect(emojiCategories.map((c) => c.id)).toEqual(["popular", "smileys", "gestures", "hearts", "objects"]);
    const popular = emojiCategories[0]!.emojis;
    expect(popular).toHaveLength(14);
    expect(popular.slice(0, 8)).toEqual([...quickReactions]);
  });

  it("holds single, distinct emojis in every category, full rows of 8 after 'Popular'", () => {
    for (const category of emojiCategories) {
      expect(new Set(category.emojis).size, category.id).toBe(category.emojis.length);
      for (const emoji of category.emojis) {
        expect(graphemeCount(emoji), emoji).toBe(1);
        expect(emoji, emoji).toMatch(/^\p{Extended_Pictographic}/u);
      }
      if (category.id !== "popular") expect(category.emojis.length % 8, category.id).toBe(0);
    }
  });

  it("takes reactions from the picker only", () => {
    for (const category of emojiCategories)
      for (const e of category.emojis) expect(isPickerEmoji(e)).toBe(true);
    for (const other of ["", "👍👍", "a", "❤", "<script>", "👍 "])
      expect(isPickerEmoji(other), other).toBe(false);
  });
});
