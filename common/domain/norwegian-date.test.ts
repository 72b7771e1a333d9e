import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNorwegianDate, parseNorwegianDate } from "./norwegian-date.ts";

describe("Norwegian dates", () => {
  it("are written dd.mm.åååå and read back", () => {
    expect(formatNorwegianDate("2026-12-05")).toBe("05.12.2026");
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(parseNorwegianDate(formatNorwegianDate(iso))).toBe(iso);
        },
      ),
    );
  });

  it("are read kindly, day first", () => {
    for (const typed of [
      "05.12.2026",
      "5.12.2026",
      "5.12.26",
      "05122026",
      "5/12/2026",
      "5-12-2026",
      " 05.12.2026 ",
    ])
      expect(parseNorwegianDate(typed), typed).toBe("2026-12-05");
  });

  it("refuse what is no real date, and the US or ISO order", () => {
    for (const typed of [
      "31.02.2026",
      "00.12.2026",
      "05.13.2026",
      "12/31/2026",
      "2026-12-05",
      "i morgen",
      "",
    ])
      expect(parseNorwegianDate(typed), typed).toBeNull();
  });
});
