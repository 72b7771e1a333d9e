/**
 * The access matrix covers the API: every registered route has its row, and every row
 * names a registered route (staging registers them all, the demo tools included).
 */
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/harness.ts";
import { routeTables } from "./routes.ts";

describe("access matrix tables", () => {
  it("have one entry per API route, and none for a route that is gone", async () => {
    const t = await createTestApp();
    try {
      const registered = t.routes
        .map((r) => `${r.method} ${r.url}`)
        .filter((key) => !key.startsWith("GET /api/docs"));
      const tabled = Object.values(routeTables).flatMap((table) => Object.keys(table));
      expect(
        registered.filter((key) => !tabled.includes(key)),
        "routes without an entry",
      ).toEqual([]);
      expect(
        tabled.filter((key) => !registered.includes(key)),
        "entries without a route",
      ).toEqual([]);
      expect(tabled.length, "a route in two tables").toBe(new Set(tabled).size);
    } finally {
      await t.close();
    }
  });
});
