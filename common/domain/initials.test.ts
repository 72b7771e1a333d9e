import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

describe("initials", () => {
  it.each([
    ["Kari Nordmann", "KN"],
    ["Ola Jakob Hansen", "OJ"],
    ["  åse   ørn ", "ÅØ"],
    ["Sekretær", "S"],
    ["", ""],
    ["\u202EKari \u2067Nordmann\u2069", "KN"],
  ])("%j gives %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it("never gives more than two letters", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(Array.from(initials(name)).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
