import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "../base/limits.ts";
import { type PresenceStatus, presenceStatus, presenceStatuses } from "./presence.ts";

const second = 1000;
const minute = 60 * second;
const now = new Date("2026-03-29T01:30:00Z");
const seenAgo = (ms: number) => new Date(now.getTime() - ms);
const rank = (s: PresenceStatus) => presenceStatuses.indexOf(s);

const instant = fc.date({ min: new Date("2000-01-01"), max: new Date("2060-12-31"), noInvalidDate: true });
const day = 86_400_000;

describe("presenceStatus (spec §4)", () => {
  it("uses the spec's numbers", () => {
    expect(limits.presenceHeartbeatSeconds).toBe(30);
    expect(limits.presenceOnlineSeconds).toBe(90);
    expect(limits.presenceAwayMinutes).toBe(10);
  });

  it.each([
    [0, "online"],
    [30 * second, "online"],
    [90 * second, "online"],
    [90 * second + 1, "away"],
    [5 * minute, "away"],
    [10 * minute, "away"],
    [10 * minute + 1, "offline"],
    [day, "offline"],
  ] as const)("a heartbeat %d ms ago is %s", (ago, status) => {
    expect(presenceStatus(seenAgo(ago), now)).toBe(status);
  });

  it("is offline for someone never seen", () => {
    expect(presenceStatus(null, now)).toBe("offline");
  });

  it("keeps a person online who missed two heartbeats", () => {
    expect(presenceStatus(seenAgo(3 * limits.presenceHeartbeatSeconds * second), now)).toBe("online");
  });

  it("never gives a later heartbeat a less present status", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -day, max: day }), fc.nat({ max: day }), (at, ago, later) => {
        const earlier = new Date(at.getTime() - ago);
        const newer = new Date(earlier.getTime() + later);
        expect(rank(presenceStatus(newer, at))).toBeLessThanOrEqual(rank(presenceStatus(earlier, at)));
      }),
    );
  });

  it("never makes a person more present as time passes without a heartbeat", () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -day, max: day }),
        fc.nat({ max: day }),
        (seen, offset, wait) => {
          const at = new Date(seen.getTime() + offset);
          const afterwards = new Date(at.getTime() + wait);
          expect(rank(presenceStatus(seen, afterwards))).toBeGreaterThanOrEqual(
            rank(presenceStatus(seen, at)),
          );
        },
      ),
    );
  });

  it("changes exactly at the boundaries, to the millisecond", () => {
    const online = limits.presenceOnlineSeconds * second;
    const away = limits.presenceAwayMinutes * minute;
    fc.assert(
      fc.property(instant, (at) => {
        const ago = (ms: number) => new Date(at.getTime() - ms);
        expect(presenceStatus(ago(online), at)).toBe("online");
        expect(presenceStatus(ago(online + 1), at)).toBe("away");
        expect(presenceStatus(ago(away), at)).toBe("away");
        expect(presenceStatus(ago(away + 1), at)).toBe("offline");
      }),
    );
  });

  it("counts a heartbeat from the future as online", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 365 * day }), (at, ahead) => {
        expect(presenceStatus(new Date(at.getTime() + ahead), at)).toBe("online");
      }),
    );
  });
});
