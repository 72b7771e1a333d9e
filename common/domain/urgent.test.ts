import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dutyLimits } from "../base/limits.ts";
import { acknowledgedCount, escalationDue, nextRepeatAt, repeatDue, type UrgentRecipient } from "./urgent.ts";

const min = 60_000;
const sentAt = new Date("2026-03-10T08:00:00Z");
const at = (minutes: number) => new Date(sentAt.getTime() + minutes * min);

describe("repeats", () => {
  it("fall every 2 minutes for 30 minutes after sending", () => {
    const times: number[] = [];
    for (let t: Date | null = sentAt; t; t = nextRepeatAt(sentAt, t)) times.push(t.getTime());
    expect(times.slice(1).map((t) => (t - sentAt.getTime()) / min)).toEqual([
      2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
    ]);
  });

  it("are due once a repeat time has come since the last notice, never after acknowledging", () => {
    const open = { acknowledgedAt: null };
    expect(repeatDue(sentAt, open, sentAt, at(1))).toBe(false);
    expect(repeatDue(sentAt, open, sentAt, at(2))).toBe(true);
    expect(repeatDue(sentAt, open, at(2), at(3))).toBe(false);
    // A late job: one repeat, not several, and the next one back on the grid.
    expect(repeatDue(sentAt, open, sentAt, at(7))).toBe(true);
    expect(nextRepeatAt(sentAt, at(7))).toEqual(at(8));
    expect(repeatDue(sentAt, open, at(30), at(40))).toBe(false);
    expect(repeatDue(sentAt, { acknowledgedAt: at(1) }, sentAt, at(5))).toBe(false);
  });

  it("never fall after the window, and at most one per period", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * min }),
        fc.integer({ min: 0, max: 60 * min }),
        (last, now) => {
          const lastNotice = new Date(sentAt.getTime() + last);
          const next = nextRepeatAt(sentAt, lastNotice);
          if (next) {
            expect(next.getTime()).toBeGreaterThan(lastNotice.getTime());
            expect(next.getTime() - lastNotice.getTime()).toBeLessThanOrEqual(dutyLimits.urgentRepeatMs);
            expect(next.getTime()).toBeLessThanOrEqual(sentAt.getTime() + dutyLimits.urgentRepeatForMs);
            expect((next.getTime() - sentAt.getTime()) % dutyLimits.urgentRepeatMs).toBe(0);
          }
          const due = repeatDue(
            sentAt,
            { acknowledgedAt: null },
            lastNotice,
            new Date(sentAt.getTime() + now),
          );
          expect(due).toBe(next !== null && next.getTime() <= sentAt.getTime() + now);
        },
      ),
    );
  });
});

describe("escalation", () => {
  const role = (acknowledgedAt: Date | null): UrgentRecipient => ({
    userId: "k",
    via: "role",
    acknowledgedAt,
  });
  const name = (acknowledgedAt: Date | null): UrgentRecipient => ({
    userId: "o",
    via: "name",
    acknowledgedAt,
  });

  it("is due 5 minutes after sending while a role holder is silent, once", () => {
    expect(escalationDue(sentAt, [role(null)], null, at(4.9))).toBe(false);
    expect(escalationDue(sentAt, [role(null)], null, at(5))).toBe(true);
    expect(escalationDue(sentAt, [role(null)], at(5), at(7))).toBe(false);
    expect(escalationDue(sentAt, [role(at(3))], null, at(6))).toBe(false);
    expect(escalationDue(sentAt, [name(null)], null, at(6))).toBe(false);
  });

  it("is due exactly when time has passed, nobody was told and a role holder has not acknowledged", () => {
    const recipient = fc.record({
      userId: fc.constantFrom("a", "b", "c"),
      via: fc.constantFrom("role", "name", "vakt", "dm", "block") as fc.Arbitrary<UrgentRecipient["via"]>,
      acknowledgedAt: fc.option(fc.integer({ min: 0, max: 20 }).map(at)),
    });
    fc.assert(
      fc.property(
        fc.array(recipient, { maxLength: 5 }),
        fc.option(fc.constant(at(5))),
        fc.integer({ min: 0, max: 20 }),
        (rs, escalated, now) => {
          const due = escalationDue(sentAt, rs, escalated, at(now));
          const silentHolder = rs.some(
            (r) => r.via === "role" && (!r.acknowledgedAt || r.acknowledgedAt > at(now)),
          );
          expect(due).toBe(!escalated && now >= 5 && silentHolder);
        },
      ),
    );
  });

  it("counts 'Bekreftet av n av m'", () => {
    expect(acknowledgedCount([role(at(1)), role(null), name(at(2))])).toEqual({ n: 2, m: 3 });
  });
});
