import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateDividers } from "../texts/chat-dates.ts";
import { type GroupableMessage, groupStarts, messageGroupMinutes } from "./chat-grouping.ts";
import { osloTimeZone } from "./shift-block.ts";

const minute = 60_000;
const base = new Date("2026-06-10T10:00:00Z").getTime();
const msg = (authorId: string | null, minutesIn: number, deleted = false): GroupableMessage => ({
  authorId,
  createdAt: new Date(base + minutesIn * minute),
  deletedAt: deleted ? new Date(base + (minutesIn + 1) * minute) : null,
});

/** An instant given by Oslo wall-clock time in 2026 (month 1–12); hour 24 is the next midnight. */
const oslo2026 = (m: number, d: number, h = 0, min = 0) =>
  new Date(new TZDate(2026, m - 1, d, h, min, 0, 0, osloTimeZone).getTime());

const osloKeyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: osloTimeZone });
const osloKey = (at: Date) => osloKeyFormat.format(at);

describe("groupStarts", () => {
  it("groups a person's consecutive messages within 5 minutes", () => {
    expect(messageGroupMinutes).toBe(5);
    expect(
      groupStarts([msg("kari", 0), msg("kari", 1), msg("kari", 5), msg("ola", 5), msg("ola", 6)]),
    ).toEqual([true, false, false, true, false]);
  });

  it("counts the 5 minutes from the group's first message", () => {
    expect(groupStarts([msg("kari", 0), msg("kari", 3), msg("kari", 6), msg("kari", 8)])).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it("lets a deleted message stand alone and break the group around it", () => {
    expect(groupStarts([msg("kari", 0), msg("kari", 1, true), msg("kari", 2)])).toEqual([true, true, true]);
  });

  it("never joins messages of unknown authors", () => {
    expect(groupStarts([msg(null, 0), msg(null, 1)])).toEqual([true, true]);
  });

  it("breaks a group at midnight in Oslo", () => {
    const at = (h: number, min: number) =>
      new Date(new TZDate(2026, 2, 28, h, min, 0, 0, osloTimeZone).getTime());
    const late = { authorId: "kari", createdAt: at(23, 58), deletedAt: null };
    const early = { authorId: "kari", createdAt: at(24, 1), deletedAt: null };
    expect(groupStarts([late, early])).toEqual([true, true]);
  });

  it("starts afresh when the list is out of order", () => {
    expect(groupStarts([msg("kari", 3), msg("kari", 1)])).toEqual([true, true]);
  });

  // Lists that begin a few minutes before midnight in Oslo, mostly in quick succession, on
  // the nights the clock changes and an ordinary one: where a wrong day would show.
  const midnights = [oslo2026(3, 29), oslo2026(10, 25), oslo2026(6, 10)].map((at) => at.getTime());
  const list = fc
    .record({
      midnight: fc.constantFrom(...midnights),
      lead: fc.integer({ min: 0, max: 10 * minute }),
      rows: fc.array(
        fc.record({
          authorId: fc.oneof(
            { weight: 3, arbitrary: fc.constant("kari") },
            { weight: 1, arbitrary: fc.constantFrom("ola", null) },
          ),
          gap: fc.oneof(
            { weight: 6, arbitrary: fc.integer({ min: 0, max: 2 * minute }) },
            { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 * 60 * minute }) },
          ),
          deleted: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
        }),
        { maxLength: 40 },
      ),
    })
    .map(({ midnight, lead, rows }) => {
      let t = midnight - lead;
      return rows.map(({ authorId, gap, deleted }) => {
        t += gap;
        return { authorId, createdAt: new Date(t), deletedAt: deleted ? new Date(t + minute) : null };
      });
    });

  it("never joins different authors, different Oslo days or deleted messages", () => {
    fc.assert(
      fc.property(list, (messages) => {
        const starts = groupStarts(messages);
        expect(starts).toHaveLength(messages.length);
        let head = messages[0];
        messages.forEach((m, i) => {
          if (starts[i]) {
            head = m;
            return;
          }
          const previous = messages[i - 1]!;
          expect(m.authorId).not.toBeNull();
          expect(m.authorId).toBe(previous.authorId);
          expect(osloKey(m.createdAt)).toBe(osloKey(previous.createdAt));
          expect(m.deletedAt).toBeNull();
          expect(previous.deletedAt).toBeNull();
          expect(m.createdAt.getTime() - head!.createdAt.getTime()).toBeLessThanOrEqual(5 * minute);
        });
      }),
    );
  });

  it("joins every message the rules allow, and begins a group at every date divider", () => {
    fc.assert(
      fc.property(list, (messages) => {
        const starts = groupStarts(messages);
        const dividers = dateDividers(
          messages.map((m) => m.createdAt),
          oslo2026(12, 31),
        );
        for (const d of dividers) expect(starts[d.index]).toBe(true);
        messages.forEach((m, i) => {
          const previous = messages[i - 1];
          if (!previous || !starts[i]) return;
          const mayJoin =
            m.authorId !== null &&
            m.authorId === previous.authorId &&
            m.deletedAt === null &&
            previous.deletedAt === null &&
            osloKey(m.createdAt) === osloKey(previous.createdAt) &&
            m.createdAt.getTime() - previous.createdAt.getTime() <= 5 * minute;
          // A break between joinable neighbours is only the 5 minutes since the group began.
          if (mayJoin) {
            const head = messages.slice(0, i).findLastIndex((_, j) => starts[j]);
            expect(m.createdAt.getTime() - messages[head]!.createdAt.getTime()).toBeGreaterThan(5 * minute);
          }
        });
      }),
    );
  });
});
