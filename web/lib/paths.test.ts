import { describe, expect, it } from "vitest";
import { atMessage, directWith, isTokenPage, paths } from "./paths.ts";

describe("paths", () => {
  it("builds a link with a parameter and keeps the pattern the route table matches", () => {
    expect(paths.chat.dm("a/b c")).toBe("/chat/dm/a%2Fb%20c");
    expect(paths.chat.dm.pattern).toBe("/chat/dm/:threadId");
    expect(paths.chat.channel("7")).toBe("/chat/channel/7");
  });

  it("opens a thread at a message, and a conversation with a person", () => {
    expect(atMessage(paths.chat.thread("t1"), "m 1")).toBe("/chat/thread/t1?melding=m+1");
    expect(directWith("u1")).toBe("/chat/dm?med=u1");
  });

  it("knows the e-mail link pages", () => {
    expect(Object.values(paths.auth).every(isTokenPage)).toBe(true);
    expect(isTokenPage(paths.login)).toBe(false);
  });
});
