import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dutyLimits } from "../base/limits.ts";
import {
  assignableBlock,
  dutyDayOf,
  dutyGrid,
  dutyRoleNameError,
  dutyRoleNameKey,
  holderAt,
  isOnBlock,
  normaliseDutyRoleName,
  ongoingBlock,
} from "./duty.ts";
import { osloDate } from "./oslo-time.ts";
import { osloTimeZone } from "./shift-block.ts";

const hourMs = 3_600_000;
const oslo = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(new TZDate(y, m - 1, d, h, min, 0, 0, osloTimeZone).getTime());
const instant = fc.date({ min: new Date("2000-01-01"), max: new Date("2060-12-31"), noInvalidDate: true });
const localHour = (at: Date) => new TZDate(at.getTime(), osloTimeZone).getHours();

describe("dutyGrid", () => {
  it("holds 45 contiguous blocks from the duty day's Dagvakt, the ongoing block among them", () => {
    fc.assert(
      fc.property(instant, (at) => {
        const grid = dutyGrid(at);
        expect(grid).toHaveLength((dutyLimits.gridDaysAhead + 1) * 3);
        expect(grid[0]!.kind).toBe("day");
        expect(grid[0]!.date).toBe(dutyDayOf(at));
        for (let i = 1; i < grid.length; i++) {
          expect(grid[i]!.start).toEqual(grid[i - 1]!.end);
          expect(grid[i]!.kind).toBe(["day", "evening", "night"][i % 3]);
        }
        const ongoing = ongoingBlock(at);
        expect(grid.some((b) => b.start.getTime() === ongoing.start.getTime())).toBe(true);
        // Fifteen duty days, each of them once, each one's Dagvakt starting on its date at 07:00.
        const days = [...new Set(grid.map((b) => b.date))];
        expect(days).toHaveLength(dutyLimits.gridDaysAhead + 1);
        for (const b of grid.filter((x) => x.kind === "day")) {
          expect(osloDate(b.start)).toBe(b.date);
          expect(localHour(b.start)).toBe(7);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("stays contiguous across the nights summer time starts and ends (7 and 9 hour nights)", () => {
    for (const at of [oslo(2026, 3, 25, 12), oslo(2026, 10, 20, 12)]) {
      const grid = dutyGrid(at);
      const lengths = grid.map((b) => (b.end.getTime() - b.start.getTime()) / hourMs);
      for (let i = 1; i < grid.length; i++) expect(grid[i]!.start).toEqual(grid[i - 1]!.end);
      expect(lengths).toContain(at.getUTCMonth() === 2 ? 7 : 9);
      expect(lengths.filter((h) => h !== 8)).toHaveLength(1);
    }
  });

  it("counts 03:00 as the night of the day before, and 07:00 as a new duty day", () => {
    expect(dutyDayOf(oslo(2026, 1, 2, 3))).toBe("2026-01-01");
    expect(dutyDayOf(oslo(2026, 1, 2, 6, 59))).toBe("2026-01-01");
    expect(dutyDayOf(oslo(2026, 1, 2, 7))).toBe("2026-01-02");
    expect(dutyDayOf(oslo(2026, 1, 2, 23, 30))).toBe("2026-01-02");
    expect(dutyGrid(oslo(2026, 1, 2, 3))[2]!.start).toEqual(oslo(2026, 1, 1, 23));
  });
});

describe("assignableBlock", () => {
  it("takes the grid's blocks that have not ended, the ongoing one included", () => {
    fc.assert(
      fc.property(instant, fc.nat(44), (now, i) => {
        const block = dutyGrid(now)[i]!;
        const found = assignableBlock(block.start, now);
        if (block.end.getTime() > now.getTime()) expect(found?.start).toEqual(block.start);
        else expect(found).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it("refuses an instant that starts no block of the grid", () => {
    const now = oslo(2026, 6, 10, 12);
    expect(assignableBlock(oslo(2026, 6, 10, 16), now)).toBeNull();
    expect(assignableBlock(oslo(2026, 6, 25, 7), now)).toBeNull();
    expect(assignableBlock(oslo(2026, 6, 24, 23), now)).not.toBeNull();
    expect(assignableBlock(oslo(2026, 6, 10, 7), now)).not.toBeNull();
    expect(assignableBlock(oslo(2026, 6, 9, 23), now)).toBeNull();
  });
});

describe("holderAt", () => {
  it("hands the role to the next block's holder exactly at the block's end, to nobody without one", () => {
    fc.assert(
      fc.property(instant, fc.boolean(), (at, nextHeld) => {
        const block = ongoingBlock(at);
        const holdings = [
          { blockStart: block.start, userId: "kari" },
          ...(nextHeld ? [{ blockStart: block.end, userId: "ola" }] : []),
        ];
        expect(holderAt(holdings, at)).toBe("kari");
        expect(holderAt(holdings, new Date(block.end.getTime() - 1))).toBe("kari");
        expect(holderAt(holdings, block.end)).toBe(nextHeld ? "ola" : null);
        expect(holderAt([], at)).toBeNull();
      }),
    );
  });

  it("holds a night over the change of summer time, all nine hours", () => {
    const start = oslo(2026, 10, 24, 23);
    const holdings = [{ blockStart: start, userId: "kari" }];
    expect(holderAt(holdings, new Date(start.getTime() + 8.5 * hourMs))).toBe("kari");
    expect(holderAt(holdings, new Date(start.getTime() + 9 * hourMs))).toBeNull();
  });
});

describe("role names", () => {
  it("are trimmed, required and at most 40 characters (emoji count as one)", () => {
    expect(normaliseDutyRoleName("  Vakthavende   lege ")).toBe("Vakthavende lege");
    expect(dutyRoleNameError("   ")).toBe("duty_role_name_required");
    expect(dutyRoleNameError("a".repeat(40))).toBeNull();
    expect(dutyRoleNameError(` ${"a".repeat(40)} `)).toBeNull();
    expect(dutyRoleNameError("a".repeat(41))).toBe("duty_role_name_too_long");
    expect(dutyRoleNameError("🩺".repeat(40))).toBeNull();
  });

  it("are unique in the department whatever the case", () => {
    expect(dutyRoleNameError("koordinator", ["Koordinator"])).toBe("duty_role_name_taken");
    expect(dutyRoleNameError(" ANSVARSHAVENDE  sykepleier", ["Ansvarshavende sykepleier"])).toBe(
      "duty_role_name_taken",
    );
    expect(dutyRoleNameError("Koordinator", ["Vakthavende lege"])).toBeNull();
  });

  it("agree: a name taken is one whose key another has, and a valid name is stored within the limit", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }),
        (name, others) => {
          const error = dutyRoleNameError(name, others);
          const normalised = normaliseDutyRoleName(name);
          if (error === null) {
            expect(normalised.length).toBeGreaterThan(0);
            expect(Array.from(normalised).length).toBeLessThanOrEqual(dutyLimits.roleNameMaxLength);
            expect(others.map(dutyRoleNameKey)).not.toContain(dutyRoleNameKey(name));
          }
          if (error === "duty_role_name_taken")
            expect(others.map(dutyRoleNameKey)).toContain(dutyRoleNameKey(name));
          // Normalising twice changes nothing.
          expect(normaliseDutyRoleName(normalised)).toBe(normalised);
        },
      ),
    );
  });
});

describe("isOnBlock", () => {
  it("counts a shift covering now and a role held now", () => {
    expect(isOnBlock("kari", { onShift: ["kari"], holders: [] })).toBe(true);
    expect(isOnBlock("kari", { onShift: [], holders: ["kari"] })).toBe(true);
    expect(isOnBlock("kari", { onShift: ["ola"], holders: ["ola"] })).toBe(false);
  });
});
