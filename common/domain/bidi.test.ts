import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasBidiControls, withoutBidiControls } from "./bidi.ts";

const controlChars = [
  "\u061C",
  "\u200E",
  "\u200F",
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];
const control = fc.constantFrom(...controlChars);
/** Any text, controls mixed in now and then. */
const mixed = fc.array(fc.oneof(fc.string({ unit: "binary" }), control)).map((pieces) => pieces.join(""));
const isControl = (c: string) => controlChars.includes(c);

describe("bidirectional control characters", () => {
  it("are removed from a spoofed file name, which then shows its real extension", () => {
    expect(withoutBidiControls("https://x.no/\u202Egnp.exe")).toBe("https://x.no/gnp.exe");
    expect(withoutBidiControls("\u2067Kari\u2069 \u200Fog \u061COla")).toBe("Kari og Ola");
    expect(hasBidiControls("https://x.no/\u202Egnp.exe")).toBe(true);
    expect(hasBidiControls("Kari Nordmann")).toBe(false);
  });

  it("keep letters of right-to-left scripts, which need no control to show", () => {
    expect(withoutBidiControls("שלום مرحبا")).toBe("שלום مرحبا");
    expect(hasBidiControls("שלום مرحبا")).toBe(false);
  });

  it("never remain in the displayed text, and the rest of the text keeps its order", () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const shown = withoutBidiControls(text);
        expect(hasBidiControls(shown)).toBe(false);
        expect([...shown]).toEqual([...text].filter((c) => !isControl(c)));
        expect(hasBidiControls(text)).toBe(shown !== text);
      }),
    );
  });

  it("leave text without controls unchanged", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }).filter((s) => ![...s].some(isControl)),
        (text) => {
          expect(withoutBidiControls(text)).toBe(text);
          expect(hasBidiControls(text)).toBe(false);
        },
      ),
    );
  });
});
