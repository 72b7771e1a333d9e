import { describe, expect, it } from "vitest";
import { isTokenPage, paths } from "./paths.ts";

describe("paths", () => {
  it("builds a link with a parameter and keeps the pattern the route table matches", () => {
    expect(paths.chat.dm("a/b c")).toBe("/chat/dm/a%2Fb%20c");
    expect(paths.chat.dm.pattern).toBe("/chat/dm/:threadId");
    expect(paths.chat.channel("7")).toBe("/chat/channel/7");
  });

  it("knows the e-mail link pages", () => {
    expect(Object.values(paths.auth).every(isTokenPage)).toBe(true);
    expect(isTokenPage(paths.login)).toBe(false);
  });
});
