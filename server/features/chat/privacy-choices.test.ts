import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { limits } from "../../../common/base/limits.ts";
import { chatPrivacyChoices } from "../../db/schema.ts";
import { makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds } from "./helpers.test-support.ts";

const url = "/api/chat/privacy-choices";

describe("privacy choices API", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Awaited<ReturnType<typeof signedInClient>>>;
  // 23:30 UTC on 1 March is 00:30 on 2 March in Oslo: the day is Oslo's.
  let now = new Date("2026-03-01T23:30:00Z");

  beforeAll(async () => {
    t = await createTestApp({}, { clock: { now: () => now } });
    ids = await demoIds(t);
    as = await demoClients(t, ids);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.delete(chatPrivacyChoices);
    now = new Date("2026-03-01T23:30:00Z");
  });

  const counts = () =>
    t.ctx.db
      .select()
      .from(chatPrivacyChoices)
      .orderBy(chatPrivacyChoices.deptId, chatPrivacyChoices.day, chatPrivacyChoices.choice);

  it("counts each choice per department and Oslo day, and keeps nothing else", async () => {
    for (const [who, choice] of [
      ["kari", "edit"],
      ["ola", "edit"],
      ["kari", "send_anyway"],
      ["per", "send_anyway"],
    ] as const) {
      const res = await as[who].post(url, { choice });
      expect(res.statusCode, res.body).toBe(204);
    }
    now = new Date("2026-03-02T12:00:00Z");
    expect((await as.kari.post(url, { choice: "edit" })).statusCode).toBe(204);

    const rows = await counts();
    const of = (deptId: string) => rows.filter((r) => r.deptId === deptId).map(({ deptId: _, ...r }) => r);
    expect(of(ids.anestesi)).toEqual([
      { day: "2026-03-02", choice: "edit", count: 3 },
      { day: "2026-03-02", choice: "send_anyway", count: 1 },
    ]);
    expect(of(ids.intensiv)).toEqual([{ day: "2026-03-02", choice: "send_anyway", count: 1 }]);
    // The table has no column for a person, a thread or a text.
    expect(Object.keys(rows[0]!).sort()).toEqual(["choice", "count", "day", "deptId"]);
  });

  it("takes only a known choice, and no text along with it", async () => {
    for (const body of [{ choice: "ignore" }, {}, { choice: "edit", text: "fnr 15038540189" }]) {
      const res = await as.kari.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual([]);
  });

  it("refuses the signed out and the deactivated", async () => {
    expect((await t.client().post(url, { choice: "edit" })).statusCode).toBe(401);
    const former = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: false });
    const res = await (await signedInClient(t, former.userId)).post(url, { choice: "send_anyway" });
    // A deactivated person's session no longer signs anyone in.
    expect(res.statusCode).toBe(401);
    expect(await counts()).toEqual([]);
  });

  it("limits how often one person can count, so nobody skews the figures", async () => {
    const ola = await makeStaff(t, { role: "staff", dept: ids.anestesi, active: true });
    const client = await signedInClient(t, ola.userId);
    for (let i = 0; i < limits.privacyChoicesPerWindow; i++)
      expect((await client.post(url, { choice: "edit" })).statusCode).toBe(204);
    expect((await client.post(url, { choice: "edit" })).statusCode).toBe(429);
    // Someone else is not held back by it.
    expect((await as.kari.post(url, { choice: "edit" })).statusCode).toBe(204);
    const [row] = await t.ctx.db
      .select()
      .from(chatPrivacyChoices)
      .where(and(eq(chatPrivacyChoices.deptId, ids.anestesi), eq(chatPrivacyChoices.choice, "edit")));
    expect(row?.count).toBe(limits.privacyChoicesPerWindow + 1);
  });
});
