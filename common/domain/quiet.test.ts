import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quietLimits } from "../base/limits.ts";
import {
  alertReasonsOf,
  isQuiet,
  nextQuietChange,
  quietSettingOf,
  shiftDataWindow,
  shouldAlert,
} from "./quiet.ts";
import { type Membership, roles } from "./roles.ts";

const membership = fc.record({
  deptId: fc.constantFrom("a", "b"),
  role: fc.constantFrom(...roles),
  isActive: fc.boolean(),
});
const reasons = fc.record({
  urgent: fc.boolean(),
  mentionedByName: fc.boolean(),
  holdsMentionedRole: fc.boolean(),
});
const kind = fc.constantFrom("message" as const, "notice" as const);
const state = fc.record({ setting: fc.boolean(), onShiftNow: fc.boolean(), hasShiftData: fc.boolean() });

describe("quietSettingOf", () => {
  it("defaults on for staff, off for leaders and admins", () => {
    expect(quietSettingOf(null, [{ deptId: "a", role: "staff", isActive: true }])).toBe(true);
    expect(quietSettingOf(null, [{ deptId: "a", role: "leader", isActive: true }])).toBe(false);
    expect(quietSettingOf(null, [{ deptId: "a", role: "admin", isActive: true }])).toBe(false);
    expect(quietSettingOf(null, [])).toBe(true);
  });

  it("a deactivated leader record does not count", () => {
    const list: Membership[] = [
      { deptId: "a", role: "leader", isActive: false },
      { deptId: "b", role: "staff", isActive: true },
    ];
    expect(quietSettingOf(null, list)).toBe(true);
  });

  it("the person's own choice always wins", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(membership, { maxLength: 4 }), (stored, list) => {
        expect(quietSettingOf(stored, list)).toBe(stored);
      }),
    );
  });
});

describe("isQuiet", () => {
  it("is quiet only with the setting on, shift data, and off shift", () => {
    fc.assert(
      fc.property(state, (s) => {
        expect(isQuiet(s)).toBe(s.setting && s.hasShiftData && !s.onShiftNow);
      }),
    );
  });

  it("never silences someone without shift data", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (setting, onShiftNow) => {
        expect(isQuiet({ setting, onShiftNow, hasShiftData: false })).toBe(false);
      }),
    );
  });

  it("never silences someone on shift, nor with the setting off", () => {
    fc.assert(
      fc.property(state, (s) => {
        if (s.onShiftNow || !s.setting) expect(isQuiet(s)).toBe(false);
      }),
    );
  });
});

describe("shouldAlert", () => {
  it("alerts everything when not quiet", () => {
    fc.assert(
      fc.property(kind, reasons, (k, r) => {
        expect(shouldAlert(k, false, r)).toBe(true);
      }),
    );
  });

  it("silences ordinary messages and notices when quiet", () => {
    expect(shouldAlert("message", true)).toBe(false);
    expect(shouldAlert("notice", true, {})).toBe(false);
    expect(shouldAlert("notice", true, alertReasonsOf({}))).toBe(false);
  });

  it("urgent, a mention by name and a held role's mention always alert", () => {
    fc.assert(
      fc.property(kind, fc.boolean(), reasons, (k, quiet, r) => {
        const alerted = shouldAlert(k, quiet, r);
        if (r.urgent || r.mentionedByName || r.holdsMentionedRole) expect(alerted).toBe(true);
        else expect(alerted).toBe(!quiet);
      }),
    );
  });

  it("reads a notice's marks", () => {
    expect(shouldAlert("notice", true, alertReasonsOf({ urgent: true }))).toBe(true);
    expect(shouldAlert("message", true, alertReasonsOf({ mention: "name" }))).toBe(true);
    expect(shouldAlert("message", true, alertReasonsOf({ mention: "role" }))).toBe(true);
  });
});

describe("shiftDataWindow", () => {
  it("spans the window's days either side", () => {
    fc.assert(
      fc.property(
        fc.date({ noInvalidDate: true, min: new Date(2000, 0, 1), max: new Date(2100, 0, 1) }),
        (at) => {
          const { from, to } = shiftDataWindow(at);
          const span = quietLimits.shiftDataWindowDays * 86_400_000;
          expect(at.getTime() - from.getTime()).toBe(span);
          expect(to.getTime() - at.getTime()).toBe(span);
        },
      ),
    );
  });
});

describe("nextQuietChange", () => {
  const ms = fc.integer({ min: 0, max: 10 ** 12 });
  it("is the earliest instant after now, or null", () => {
    fc.assert(
      fc.property(ms, fc.array(ms, { maxLength: 8 }), (now, list) => {
        const at = new Date(now);
        const next = nextQuietChange(
          at,
          list.map((t) => new Date(t)),
        );
        const later = list.filter((t) => t > now);
        if (later.length === 0) expect(next).toBeNull();
        else expect(next?.getTime()).toBe(Math.min(...later));
      }),
    );
  });
});
