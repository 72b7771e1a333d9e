import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { threadKinds } from "../schemas/chat.ts";
import { osloHour } from "./oslo-time.ts";
import {
  isRetentionDays,
  keepEverything,
  messageScopes,
  retentionCutoff,
  retentionDaysMax,
  retentionRunAt,
  retentionScopes,
  threadRetention,
} from "./retention.ts";

const instant = fc.date({ min: new Date("2000-01-01"), max: new Date("2060-12-31"), noInvalidDate: true });
const days = fc.integer({ min: 1, max: retentionDaysMax });

describe("retention scopes", () => {
  it("rule each kind of chat thread, and the attachments", () => {
    expect([...messageScopes].sort()).toEqual([...threadKinds].sort());
    expect(retentionScopes).toEqual([...messageScopes, "attachments"]);
  });
});

describe("isRetentionDays", () => {
  it.each([1, 30, 365, retentionDaysMax])("takes %d", (n) => expect(isRetentionDays(n)).toBe(true));
  it.each([0, -1, 1.5, retentionDaysMax + 1, Number.NaN, Number.POSITIVE_INFINITY])("refuses %d", (n) =>
    expect(isRetentionDays(n)).toBe(false),
  );
});

describe("retentionCutoff", () => {
  it("lies whole days of 24 hours back, across the clock changes too", () => {
    // 2026-03-29 is the spring change in Oslo: a calendar day of 23 hours.
    expect(retentionCutoff(1, new Date("2026-03-29T12:00:00Z"))).toEqual(new Date("2026-03-28T12:00:00Z"));
    expect(retentionCutoff(30, new Date("2026-11-25T03:00:00Z"))).toEqual(new Date("2026-10-26T03:00:00Z"));
  });

  it("moves with the clock and back with the days, one day apart per day", () => {
    fc.assert(
      fc.property(instant, days, (now, n) => {
        const cutoff = retentionCutoff(n, now);
        expect(cutoff.getTime()).toBeLessThan(now.getTime());
        expect(now.getTime() - cutoff.getTime()).toBe(n * 86_400_000);
        if (n < retentionDaysMax)
          expect(cutoff.getTime() - retentionCutoff(n + 1, now).getTime()).toBe(86_400_000);
      }),
    );
  });

  it("refuses what is no rule", () => {
    expect(() => retentionCutoff(0, new Date())).toThrow(RangeError);
    expect(() => retentionCutoff(2.5, new Date())).toThrow(RangeError);
  });
});

describe("retentionRunAt", () => {
  it("is the last 03:00 in Oslo", () => {
    expect(retentionRunAt(new Date("2026-06-10T01:00:00Z"))).toEqual(new Date("2026-06-10T01:00:00Z"));
    expect(retentionRunAt(new Date("2026-06-10T00:59:59Z"))).toEqual(new Date("2026-06-09T01:00:00Z"));
    expect(retentionRunAt(new Date("2026-12-10T12:00:00Z"))).toEqual(new Date("2026-12-10T02:00:00Z"));
  });

  it("lies at 03:00 within the day before, the same for every instant until the next", () => {
    fc.assert(
      fc.property(instant, (now) => {
        const run = retentionRunAt(now);
        expect(osloHour(run)).toBe(3);
        expect(run.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(now.getTime() - run.getTime()).toBeLessThan(25 * 3_600_000);
        expect(retentionRunAt(run)).toEqual(run);
      }),
    );
  });
});

describe("threadRetention", () => {
  it("is nothing where everything is kept", () => {
    for (const kind of messageScopes)
      expect(threadRetention(keepEverything, kind)).toEqual({ messages: null, attachments: null });
  });

  it("names the attachments' rule only where files go before the messages", () => {
    fc.assert(
      fc.property(fc.option(days, { nil: null }), fc.option(days, { nil: null }), (messages, files) => {
        const shown = threadRetention(
          { ...keepEverything, channel: messages, attachments: files },
          "channel",
        );
        expect(shown.messages).toBe(messages);
        const sooner = files !== null && (messages === null || files < messages);
        expect(shown.attachments).toBe(sooner ? files : null);
        // Another kind's rule is not this thread's.
        expect(threadRetention({ ...keepEverything, channel: messages }, "direct").messages).toBeNull();
      }),
    );
  });
});
