import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shiftLimits } from "../base/limits.ts";
import { formatClockTime } from "./clock-time.ts";
import { shiftSpan, shiftSpanOfTimes } from "./oslo-time.ts";
import { dateRule, endsNextDay, type ShiftFormInput, shiftFormError, shiftFormTimes } from "./shift-form.ts";

const today = "2026-03-10";
const valid: ShiftFormInput = { date: "2026-03-11", fromTime: "07:00", toTime: "15:00" };
const context = { today, deptRequired: false };

describe("the create-shift rules", () => {
  it("accept a day shift, a night shift into the next day and a shift today", () => {
    expect(shiftFormError(valid, context)).toBeNull();
    expect(shiftFormError({ ...valid, fromTime: "23:00", toTime: "07:00" }, context)).toBeNull();
    expect(shiftFormError({ ...valid, fromTime: "07:30", toTime: "15:30" }, context)).toBeNull();
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

  it("refuse equal times ('Sluttid må være etter starttid') but not an earlier 'to'", () => {
    const quarter = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);
    fc.assert(
      fc.property(quarter, quarter, (from, to) => {
        const times = { fromTime: formatClockTime(from), toTime: formatClockTime(to) };
        const rule = shiftFormError({ ...valid, ...times }, context);
        expect(rule).toBe(from === to ? "shift_end_not_after_start" : null);
      }),
    );
  });

  it("refuse a time off the quarter hours or not written HH:MM, on its own field", () => {
    expect(shiftFormError({ ...valid, fromTime: "07:20" }, context)).toBe("shift_from_invalid");
    expect(shiftFormError({ ...valid, fromTime: "7:30" }, context)).toBe("shift_from_invalid");
    expect(shiftFormError({ ...valid, toTime: "24:00" }, context)).toBe("shift_to_invalid");
    expect(shiftFormError({ ...valid, toTime: "" }, context)).toBe("shift_to_invalid");
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
    const everything = { date: "", fromTime: "08:00", toTime: "08:00", description: "x".repeat(2000) };
    expect(shiftFormError(everything, { today, deptRequired: true })).toBe("shift_dept_required");
    expect(shiftFormError(everything, context)).toBe("shift_date_required");
    expect(shiftFormError({ ...everything, date: today }, context)).toBe("shift_end_not_after_start");
  });
});

describe("times", () => {
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
      expect(shiftFormTimes(span.startsAt, span.endsAt)).toEqual({
        date,
        fromTime: formatClockTime(from * 60),
        toTime: formatClockTime(to * 60),
      });
    }
  });

  it("gives back quarter hours, also on the nights summer time starts and ends", () => {
    const quarter = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);
    const dates = fc.constantFrom("2026-03-11", "2026-03-28", "2026-03-29", "2026-10-24", "2026-10-25");
    fc.assert(
      fc.property(dates, quarter, quarter, (date, from, to) => {
        const span = shiftSpanOfTimes(date, from, to);
        // Times the clocks skip (02:xx on 29 March) are shown as the time they became, also
        // as the end of a night shift that starts the day before.
        const endsOn29March = (date === "2026-03-29" && to > from) || (date === "2026-03-28" && to <= from);
        fc.pre(span !== null && !(date === "2026-03-29" && from < 180) && !(endsOn29March && to < 180));
        expect(shiftFormTimes(span!.startsAt, span!.endsAt)).toEqual({
          date,
          fromTime: formatClockTime(from),
          toTime: formatClockTime(to),
        });
      }),
    );
  });
});
