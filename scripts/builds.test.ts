import { describe, expect, it } from "vitest";
import { heapArgs } from "./builds.mjs";

describe("the server's heap limit (SERVER_HEAP_MB)", () => {
  it("is none unless SERVER_HEAP_MB sets one, and then keeps the young generation's size", () => {
    expect(heapArgs({})).toEqual([]);
    expect(heapArgs({ SERVER_HEAP_MB: "384" })).toEqual([
      "--max-old-space-size=384",
      "--max-semi-space-size=16",
    ]);
  });

  it("leaves limits set in NODE_OPTIONS alone", () => {
    expect(heapArgs({ NODE_OPTIONS: "--max-old-space-size=2048", SERVER_HEAP_MB: "512" })).toEqual([]);
    expect(heapArgs({ NODE_OPTIONS: "--max-semi-space-size=32", SERVER_HEAP_MB: "384" })).toEqual([
      "--max-old-space-size=384",
    ]);
  });

  it("refuses what is not a size in megabytes", () => {
    for (const value of ["", "abc", "12.5", "10", "-400"])
      expect(() => heapArgs({ SERVER_HEAP_MB: value })).toThrow(/SERVER_HEAP_MB/);
  });
});
