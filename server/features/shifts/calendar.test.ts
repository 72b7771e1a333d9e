import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeeds, staff } from "../../db/schema.ts";
import { assignShiftTo, makeShift } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { shiftWorld, type World } from "./helpers.test-support.ts";

const dayMs = 86_400_000;

describe("extra shifts: my calendar feed", () => {
  let t: TestApp;
  let w: World;
  const held: Record<string, string> = {};

  beforeAll(async () => {
    // A low per-token limit, so the limit itself can be seen.
    t = await createTestApp({ RATE_LIMIT_PER_IP: "5" });
    w = await shiftWorld(t);
    const assigned = async (name: string, userId: string, inDays: number, title = "Dagvakt") => {
      const s = await makeShift(t, { dept: w.a, title, startsAt: new Date(Date.now() + inDays * dayMs) });
      await assignShiftTo(t, s.id, userId);
      held[name] = s.id;
    };
    await assigned("kariSoon", w.ids.kari, 2, "Nattevakt");
    await assigned("kariLastMonth", w.ids.kari, -30);
    await assigned("kariLongAgo", w.ids.kari, -61);
    await assigned("olas", w.ids.ola, 3);
  });
  afterAll(() => t.close());

  /** Fetches a feed address as a calendar app does: no session. */
  const fetchFeed = (url: string) => t.client().get(new URL(url).pathname);

  it("has no address until I ask for one; then the same one until I renew it", async () => {
    expect((await w.as.kari.get("/api/shifts/calendar")).json()).toEqual({ url: null });
    const made = await w.as.kari.post("/api/shifts/calendar");
    expect(made.statusCode).toBe(200);
    const { url } = made.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/cal\/[A-Za-z0-9_-]{40,}$/);
    expect((await w.as.kari.get("/api/shifts/calendar")).json()).toEqual({ url });
    // Only a hash of the token is stored.
    const [feed] = await t.ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, w.ids.kari));
    expect(JSON.stringify(feed)).not.toContain(new URL(url).pathname.split("/").at(-1));
  });

  it("serves only my shifts, upcoming and the last 60 days, as iCalendar", async () => {
    const { url } = (await w.as.kari.get("/api/shifts/calendar")).json();
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.body).toContain("BEGIN:VCALENDAR");
    expect(res.body).toContain(`UID:${held.kariSoon}`);
    expect(res.body).toContain(`UID:${held.kariLastMonth}`);
    expect(res.body).toContain("SUMMARY:Nattevakt");
    expect(res.body).not.toContain(held.kariLongAgo);
    expect(res.body).not.toContain(held.olas);
  });

  it("stops the old address when I renew, and every address when I switch it off", async () => {
    const { url: old } = (await w.as.ola.post("/api/shifts/calendar")).json();
    const { url: renewed } = (await w.as.ola.post("/api/shifts/calendar")).json();
    expect(renewed).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe("calendar_not_found");
    expect((await fetchFeed(renewed)).body).toContain(held.olas);

    const off = await w.as.ola.request("DELETE", "/api/shifts/calendar");
    expect(off.json()).toEqual({ url: null });
    expect((await fetchFeed(renewed)).statusCode).toBe(404);
  });

  it("finds nothing for an unknown token or a deactivated holder", async () => {
    expect((await t.client().get("/cal/not-a-token")).statusCode).toBe(404);
    const { url } = (await w.as.lise.post("/api/shifts/calendar")).json();
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, w.ids.lise));
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });

  it("limits how often one address is fetched", async () => {
    const { url } = (await w.as.per.post("/api/shifts/calendar")).json();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await fetchFeed(url)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
