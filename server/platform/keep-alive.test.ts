import { describe, expect, it } from "vitest";
import { KeepAliveTurns, keepAliveSlices } from "./keep-alive.ts";

describe("keep-alive turns", () => {
  it("pings every member once per interval, a tenth of them per tick", () => {
    const turns = new KeepAliveTurns<number>();
    for (let i = 0; i < 1000; i++) turns.add(i);
    for (let interval = 0; interval < 3; interval++) {
      const pinged: number[] = [];
      for (let tick = 0; tick < keepAliveSlices; tick++) {
        const due = turns.due();
        expect(due.length).toBe(100);
        pinged.push(...due);
      }
      expect(pinged.sort((a, b) => a - b)).toEqual([...Array(1000).keys()]);
    }
  });

  it("spreads members that come at once, and forgets the ones removed", () => {
    const turns = new KeepAliveTurns<string>();
    for (const m of ["a", "b", "c"]) turns.add(m);
    turns.remove("b");
    const ticks = Array.from({ length: keepAliveSlices }, () => turns.due());
    expect(ticks.slice(0, 3)).toEqual([["a"], [], ["c"]]);
    expect(ticks.flat()).toEqual(["a", "c"]);
  });
});
