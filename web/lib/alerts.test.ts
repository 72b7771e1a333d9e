import { describe, expect, it } from "vitest";
import { refetchDelay } from "./alerts.ts";

describe("refetchDelay", () => {
  const now = Date.parse("2025-06-10T12:00:00Z");
  it("asks again a second after the answer may change", () => {
    expect(refetchDelay("2025-06-10T13:00:00Z", now)).toBe(3_601_000);
  });
  it("waits at least a second, and never past what a timer can hold", () => {
    expect(refetchDelay("2025-06-10T11:00:00Z", now)).toBe(1000);
    expect(refetchDelay("2099-01-01T00:00:00Z", now)).toBe(2 ** 31 - 1);
  });
  it("has nothing to wait for without an instant", () => {
    expect(refetchDelay(null, now)).toBe(false);
    expect(refetchDelay(undefined, now)).toBe(false);
  });
});
