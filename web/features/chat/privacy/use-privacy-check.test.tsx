import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { drafts } from "./texts.test-support.ts";
import { privacyLevelOf, usePrivacyCheck } from "./use-privacy-check.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const checking = (text: string, delayMs?: number) =>
  renderHook(({ text }) => usePrivacyCheck(text, { delayMs }), { initialProps: { text } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("usePrivacyCheck", () => {
  it("answers once typing has paused for the delay, not before", () => {
    const { result, rerender } = checking("");
    rerender({ text: drafts.high });
    expect(result.current.confidence).toBeNull();
    wait(249);
    expect(result.current.confidence).toBeNull();
    wait(1);
    expect(result.current.confidence).toBe("high");
    expect(result.current.findings[0]?.kind).toBe("nationalId");
  });

  it("restarts the wait on every keystroke", () => {
    const { result, rerender } = checking(drafts.clean);
    wait(250);
    rerender({ text: drafts.medium.slice(0, -1) });
    wait(200);
    rerender({ text: drafts.medium });
    wait(200);
    expect(result.current.confidence).toBeNull();
    wait(50);
    expect(result.current.confidence).toBe("medium");
  });

  it("gives each level, and null for a shift time and a room number", () => {
    for (const level of ["high", "medium", "low", "clean"] as const) {
      const { result, unmount } = checking(drafts[level], 100);
      wait(100);
      expect(result.current.confidence).toBe(level === "clean" ? null : level);
      unmount();
    }
  });

  it("clears at once when the field is emptied, and forgets the old draft", () => {
    const { result, rerender } = checking(drafts.high);
    wait(250);
    expect(result.current.confidence).toBe("high");
    rerender({ text: "" });
    expect(result.current.confidence).toBeNull();
    // The next draft does not flash the previous one's warning while it waits.
    rerender({ text: "H" });
    expect(result.current.confidence).toBeNull();
  });

  it("keeps the same result object while the text stays the same", () => {
    const { result, rerender } = checking(drafts.medium);
    wait(250);
    const first = result.current;
    rerender({ text: drafts.medium });
    wait(250);
    expect(result.current).toBe(first);
  });
});

describe("privacyLevelOf", () => {
  it("checks synchronously, for the moment of sending", () => {
    expect(privacyLevelOf(drafts.high)).toBe("high");
    expect(privacyLevelOf(drafts.medium)).toBe("medium");
    expect(privacyLevelOf(drafts.clean)).toBeNull();
    expect(privacyLevelOf("   ")).toBeNull();
  });
});
