import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shiftLimits } from "../base/limits.ts";
import { shiftSpan } from "./oslo-time.ts";
import {
  dateRule,
  endsNextDay,
  formatHour,
  type ShiftFormInput,
  shiftFormError,
  shiftFormTimes,
  shiftHours,
} from "./shift-form.ts";

const today = "2026-03-10";
const valid: ShiftFormInput = { date: "2026-03-11", fromHour: 7, toHour: 15 };
const context = { today, deptRequired: false };

describe("the create-shift rules", () => {
  it("accept a day shift, a night shift into the next day and a shift today", () => {
    expect(shiftFormError(valid, context)).toBeNull();
    expect(shiftFormError({ ...valid, fromHour: 23, toHour: 7 }, context)).toBeNull();
    expect(shiftFormError({ ...valid, date: today }, context)).toBeNull();
  });

  it("ask for a date ('Dato må velges'), also for one that does not exist", () => {
    expect(shiftFormError({ ...valid, date: "" }, context)).toBe("shift_date_required");
    expect(shiftFormError({ ...valid, date: "2026-02-30" }, context)).toBe("shift_date_required");
  });

  it("refuse past dates", () => {
    expect(shiftFormError({ ...valid, date: "2026-03-09" }, context)).toBe("shift_in_past");
    expect(dateRule("2025-12-31", today)).toBe("shift_in_past");
  });

  it("refuse equal hours ('Sluttid må være etter starttid') but not an earlier 'to'", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), (from, to) => {
        const rule = shiftFormError({ ...valid, fromHour: from, toHour: to }, context);
        expect(rule).toBe(from === to ? "shift_end_not_after_start" : null);
      }),
    );
  });

  it("ask for a department only of someone who leads several", () => {
    expect(shiftFormError(valid, { today, deptRequired: true })).toBe("shift_dept_required");
    expect(shiftFormError({ ...valid, deptId: "d1" }, { today, deptRequired: true })).toBeNull();
    expect(shiftFormError(valid, context)).toBeNull();
  });

  it("limit the description, counted without surrounding spaces", () => {
    const longest = "x".repeat(shiftLimits.descriptionMaxLength);
    expect(shiftFormError({ ...valid, description: ` ${longest} ` }, context)).toBeNull();
    expect(shiftFormError({ ...valid, description: `${longest}x` }, context)).toBe(
      "shift_description_too_long",
    );
  });

  it("report the first broken rule in the dialog's order", () => {
    const everything = { date: "", fromHour: 8, toHour: 8, description: "x".repeat(2000) };
    expect(shiftFormError(everything, { today, deptRequired: true })).toBe("shift_dept_required");
    expect(shiftFormError(everything, context)).toBe("shift_date_required");
    expect(shiftFormError({ ...everything, date: today }, context)).toBe("shift_end_not_after_start");
  });
});

describe("hours", () => {
  it("are the 24 whole hours 00:00–23:00", () => {
    expect(shiftHours).toHaveLength(24);
    expect(shiftHours.map(formatHour).at(0)).toBe("00:00");
    expect(shiftHours.map(formatHour).at(-1)).toBe("23:00");
  });

  it("end the next day when 'to' is earlier than 'from'", () => {
    expect(endsNextDay(23, 7)).toBe(true);
    expect(endsNextDay(7, 15)).toBe(false);
    expect(endsNextDay(7, 7)).toBe(false);
  });
});

describe("a stored shift in the form again", () => {
  it("gives back the date and hours it was made from, across midnight and summer time", () => {
    for (const [date, from, to] of [
      ["2026-03-11", 7, 15],
      ["2026-03-11", 23, 7],
      ["2026-03-28", 22, 6],
      ["2026-10-24", 23, 7],
      ["2026-07-01", 0, 23],
    ] as const) {
      const span = shiftSpan(date, from, to)!;
      expect(shiftFormTimes(span.startsAt, span.endsAt)).toEqual({ date, fromHour: from, toHour: to });
    }
  });
});
