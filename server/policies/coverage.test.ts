/**
 * Every declared action has a table: the policy tests name each action at least once
 * (in `table("action", …)` or a list of actions a loop tables). A new action without a
 * test fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredActions } from "./index.ts";

describe("policy tests", () => {
  it("cover every declared action", () => {
    const dir = import.meta.dirname;
    const quoted = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".test.ts") && f !== "coverage.test.ts")) {
      for (const [, literal] of readFileSync(path.join(dir, file), "utf8").matchAll(
        /"([a-zA-Z]+\.[a-zA-Z]+)"/g,
      ))
        quoted.add(literal!);
    }
    expect(declaredActions().filter((action) => !quoted.has(action))).toEqual([]);
  });
});
