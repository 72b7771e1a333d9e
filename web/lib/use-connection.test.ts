import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RealtimeClient } from "./realtime.ts";
import { useConnectionLost } from "./use-connection.ts";

/** A realtime client whose connection the test drops and restores. */
function fakeClient() {
  let down = false;
  const listeners = new Set<() => void>();
  const client = {
    subscribe: () => () => {},
    restart: () => {},
    isDown: () => down,
    onDownChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies RealtimeClient;
  const set = (next: boolean) =>
    act(() => {
      down = next;
      for (const l of listeners) l();
    });
  return { client, set };
}

describe("useConnectionLost", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it("says nothing of a drop that reconnects within the grace, and speaks once it lasts", () => {
    const { client, set } = fakeClient();
    const { result } = renderHook(() => useConnectionLost(3000, client));
    expect(result.current).toBe(false);
    set(true);
    wait(2000);
    set(false);
    wait(5000);
    expect(result.current).toBe(false);

    set(true);
    wait(2999);
    expect(result.current).toBe(false);
    wait(1);
    expect(result.current).toBe(true);
    set(false);
    expect(result.current).toBe(false);
  });

  it("speaks at once when the browser goes offline", () => {
    const { client } = fakeClient();
    const { result } = renderHook(() => useConnectionLost(3000, client));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(result.current).toBe(true);
  });
});
