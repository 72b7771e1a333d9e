import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startsNewDay } from "../domain/chat-grouping.ts";
import { osloTimeZone } from "../domain/shift-block.ts";
import { dateDividerLabel, dateDividers } from "./chat-dates.ts";

const hour = 3_600_000;

/** An instant given by Oslo wall-clock time (month 1–12); day overflow rolls over. */
const oslo = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(new TZDate(y, m - 1, d, h, min, 0, 0, osloTimeZone).getTime());

// An oracle independent of date-fns: the platform's own time-zone data.
const osloKeyFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: osloTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const osloKey = (at: Date) => osloKeyFormat.format(at);
const utcKey = (at: Date) => at.toISOString().slice(0, 10);
const fullDate = new Intl.DateTimeFormat("nb-NO", {
  timeZone: osloTimeZone,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** The last Sunday of a month (3: summer time starts, 10: it ends). */
const lastSunday = (y: number, m: number) => {
  const last = new Date(Date.UTC(y, m, 0));
  return last.getUTCDate() - last.getUTCDay();
};

const year = fc.integer({ min: 2000, max: 2060 });
/** An Oslo calendar day, half of them a day the clock changes. */
const osloDay = fc.oneof(
  fc.record({ y: year, m: fc.constantFrom(3, 10) }).map(({ y, m }) => ({ y, m, d: lastSunday(y, m) })),
  fc.record({ y: year, m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }),
);

describe("dateDividerLabel (spec §2)", () => {
  const now = oslo(2026, 11, 25, 9);

  it("says 'I dag', 'I går', else the full weekday date in nb-NO", () => {
    expect(dateDividerLabel(oslo(2026, 11, 25, 0), now)).toBe("I dag");
    expect(dateDividerLabel(oslo(2026, 11, 25, 23, 59), now)).toBe("I dag");
    expect(dateDividerLabel(oslo(2026, 11, 24, 0), now)).toBe("I går");
    expect(dateDividerLabel(oslo(2026, 11, 24, 23, 59), now)).toBe("I går");
    expect(dateDividerLabel(oslo(2026, 11, 23, 23, 59), now)).toBe("mandag 23. november 2026");
    expect(dateDividerLabel(oslo(2025, 12, 31, 12), now)).toBe("onsdag 31. desember 2025");
  });

  it("reads 'I går' across a new year", () => {
    expect(dateDividerLabel(oslo(2026, 12, 31, 23, 30), oslo(2027, 1, 1, 0, 10))).toBe("I går");
  });

  it("puts a message just after midnight in Oslo on the new day, not the UTC one", () => {
    // 29 March 2026: summer time starts at 02:00; 00:30 in Oslo is 23:30 UTC the day before.
    const at = oslo(2026, 3, 29, 0, 30);
    expect(utcKey(at)).toBe("2026-03-28");
    expect(dateDividerLabel(at, oslo(2026, 3, 29, 12))).toBe("I dag");
    expect(dateDividerLabel(at, oslo(2026, 3, 30, 0, 5))).toBe("I går");
    expect(dateDividerLabel(oslo(2026, 10, 25, 0, 30), oslo(2026, 10, 25, 23, 59))).toBe("I dag");
  });

  it("puts every instant just after midnight Oslo time on the Oslo day, never the UTC day", () => {
    fc.assert(
      fc.property(osloDay, fc.integer({ min: 0, max: 59 }), ({ y, m, d }, minutes) => {
        const at = oslo(y, m, d, 0, minutes);
        const today = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
        expect(osloKey(at)).toBe(today);
        expect(utcKey(at)).not.toBe(today);
        expect(dateDividerLabel(at, oslo(y, m, d, 23, 59))).toBe("I dag");
        expect(dateDividerLabel(at, oslo(y, m, d + 1, 0))).toBe("I går");
        expect(startsNewDay(new Date(at.getTime() - (minutes * 60_000 + 1)), at)).toBe(true);
      }),
    );
  });

  it("calls exactly the previous Oslo calendar day 'I går', also when it had 23 or 25 hours", () => {
    fc.assert(
      fc.property(
        osloDay,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ({ y, m, d }, atFraction, nowFraction) => {
          const start = oslo(y, m, d).getTime();
          const end = oslo(y, m, d + 1).getTime();
          const nextEnd = oslo(y, m, d + 2).getTime();
          expect([23 * hour, 24 * hour, 25 * hour]).toContain(end - start);
          const at = new Date(start + Math.floor(atFraction * (end - start)));
          const now = new Date(end + Math.floor(nowFraction * (nextEnd - end)));
          expect(dateDividerLabel(at, now)).toBe("I går");
          expect(dateDividerLabel(new Date(start - 1), now)).toBe(fullDate.format(new Date(start - 1)));
          expect(dateDividerLabel(new Date(end), now)).toBe("I dag");
          expect(dateDividerLabel(new Date(end - 1), now)).toBe("I går");
        },
      ),
    );
  });

  it("writes older days as the platform's nb-NO full date in Oslo", () => {
    const instant = fc.date({
      min: new Date("2000-01-01"),
      max: new Date("2060-12-31"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, fc.integer({ min: 2, max: 5000 }), (at, daysLater) => {
        const now = new Date(at.getTime() + daysLater * 24 * hour);
        expect(dateDividerLabel(at, now)).toBe(fullDate.format(at));
      }),
    );
  });
});

describe("dateDividers", () => {
  it("puts a divider before the first message and at each Oslo day change", () => {
    const times = [
      oslo(2026, 10, 24, 22),
      oslo(2026, 10, 24, 23, 59),
      oslo(2026, 10, 25, 0, 1),
      oslo(2026, 10, 25, 2, 30),
      oslo(2026, 10, 26, 8),
    ];
    expect(dateDividers(times, oslo(2026, 10, 26, 12))).toEqual([
      { index: 0, day: expect.any(Number), label: "lørdag 24. oktober 2026" },
      { index: 2, day: expect.any(Number), label: "I går" },
      { index: 4, day: expect.any(Number), label: "I dag" },
    ]);
  });

  it("has no dividers for no messages", () => {
    expect(dateDividers([], new Date())).toEqual([]);
  });

  it("puts dividers exactly where the Oslo calendar day changes", () => {
    const start = oslo(2026, 3, 27).getTime();
    const gaps = fc.array(fc.integer({ min: 0, max: 30 * hour }), { maxLength: 40 });
    fc.assert(
      fc.property(gaps, fc.integer({ min: 0, max: 20 * 24 * hour }), (steps, nowOffset) => {
        let t = start;
        const times = steps.map((step) => {
          t += step;
          return new Date(t);
        });
        const now = new Date(start + nowOffset);
        const dividers = dateDividers(times, now);
        const expected = times.flatMap((at, i) =>
          i === 0 || osloKey(at) !== osloKey(times[i - 1]!) ? [i] : [],
        );
        expect(dividers.map((d) => d.index)).toEqual(expected);
        expect(new Set(dividers.map((d) => d.day)).size).toBe(dividers.length);
        for (const d of dividers) expect(d.label).toBe(dateDividerLabel(times[d.index]!, now));
      }),
    );
  });
});
