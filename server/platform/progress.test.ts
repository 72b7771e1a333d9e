import { describe, expect, it } from "vitest";
import { quietStep, startupSteps } from "./progress.ts";

describe("start-up progress", () => {
  it("says when a step begins and how long it took, and passes its result on", async () => {
    const lines: string[] = [];
    const step = startupSteps((line) => lines.push(line));
    const result = await step("Seeding demo data", async () => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return 7;
    });
    expect(result).toBe(7);
    expect(lines[0]).toBe("Seeding demo data…");
    expect(lines[1]).toMatch(/^Seeding demo data: done in \d+\.\d s$/);
    expect(Number(lines[1]!.match(/(\d+\.\d) s/)![1])).toBeGreaterThanOrEqual(0.1);
  });

  it("writes nothing when a step fails, and lets the error through", async () => {
    const lines: string[] = [];
    const failing = startupSteps((line) => lines.push(line))("Applying migrations", async () => {
      throw new Error("disk full");
    });
    await expect(failing).rejects.toThrow("disk full");
    expect(lines).toEqual(["Applying migrations…"]);
    expect(await quietStep("x", async () => 1)).toBe(1);
  });
});
