import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type MessagePart, splitLinks } from "./chat-links.ts";

const link = (text: string, href = text): MessagePart => ({ kind: "link", text, href });
const text = (value: string): MessagePart => ({ kind: "text", text: value });

describe("splitLinks", () => {
  it("finds http and https addresses inside text", () => {
    expect(splitLinks("Vaktplanen ligger på https://intranett.sykehus.no/vakter?uke=48 nå")).toEqual([
      text("Vaktplanen ligger på "),
      link("https://intranett.sykehus.no/vakter?uke=48"),
      text(" nå"),
    ]);
    expect(splitLinks("http://a.no og https://b.no/")).toEqual([
      link("http://a.no", "http://a.no/"),
      text(" og "),
      link("https://b.no/"),
    ]);
  });

  it("leaves a sentence's punctuation and quotes outside the link", () => {
    expect(splitLinks("Se https://helsenorge.no.")).toEqual([
      text("Se "),
      link("https://helsenorge.no", "https://helsenorge.no/"),
      text("."),
    ]);
    expect(splitLinks("«https://x.no/a?b=1»,")).toEqual([text("«"), link("https://x.no/a?b=1"), text("»,")]);
    expect(splitLinks("Hva med https://x.no/side?!")).toEqual([
      text("Hva med "),
      link("https://x.no/side"),
      text("?!"),
    ]);
  });

  it("keeps a closing bracket the address opened, and drops one it did not", () => {
    expect(splitLinks("(se https://no.wikipedia.org/wiki/Vakt_(arbeid))")).toEqual([
      text("(se "),
      link("https://no.wikipedia.org/wiki/Vakt_(arbeid)"),
      text(")"),
    ]);
  });

  it("never makes a link of other schemes or of half an address", () => {
    for (const plain of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert('https')",
      "data:text/html,<b>hei</b>",
      "ftp://filer.sykehus.no",
      "mailto:kari@demo.no",
      "https://",
      "https://:443",
      "xhttps://a.no",
      "",
    ])
      expect(splitLinks(plain), plain).toEqual(plain ? [text(plain)] : []);
  });

  it("normalises the address the link opens, and shows what was written", () => {
    expect(splitLinks("HTTPS://Sykehus.NO")).toEqual([link("HTTPS://Sykehus.NO", "https://sykehus.no/")]);
    expect(splitLinks("http://blåbær.no")).toEqual([link("http://blåbær.no", "http://xn--blbr-roah.no/")]);
  });

  const fragment = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.constantFrom(
      " ",
      "\n",
      ".",
      ",",
      "!",
      "?",
      ")",
      "(",
      "»",
      "«",
      '"',
      "'",
      "<",
      ">",
      "https://",
      "http://",
      "HTTP://",
      "javascript:",
      "javascript://",
      "data:",
      "vbscript:",
      "file:///",
      "https://sykehus.no",
      "http://a.b/c?d=e#f",
      "https://[::1]:3000/",
      "www.vg.no",
      "/sti",
      "%0a",
      "&#x6a;",
    ),
  );
  const message = fc.array(fragment, { maxLength: 14 }).map((parts) => parts.join(""));

  it("gives the original text back when the parts are joined", () => {
    fc.assert(
      fc.property(message, (input) => {
        expect(
          splitLinks(input)
            .map((p) => p.text)
            .join(""),
        ).toBe(input);
      }),
      { numRuns: 500 },
    );
  });

  it("only links http and https, to the address written, without trailing punctuation", () => {
    fc.assert(
      fc.property(message, (input) => {
        const parts = splitLinks(input);
        parts.forEach((part, i) => {
          expect(part.text).not.toBe("");
          if (part.kind === "text") {
            expect(parts[i + 1]?.kind).not.toBe("text");
            return;
          }
          expect(part.text).toMatch(/^https?:\/\//i);
          expect(part.href).toMatch(/^https?:\/\//);
          expect(["http:", "https:"]).toContain(new URL(part.href).protocol);
          expect(new URL(part.text).href).toBe(part.href);
          expect(part.text).not.toMatch(/[\s<>"]|[.,;:!?'»”’…]$/u);
        });
      }),
      { numRuns: 500 },
    );
  });
});
