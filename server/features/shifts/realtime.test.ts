import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topics } from "../../../common/schemas/realtime.ts";
import type { BusEvent } from "../../platform/events.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { makeShift } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { form, settle, shiftWorld, type World } from "./helpers.test-support.ts";
import { closeStartedJob } from "./jobs.ts";

describe("extra shifts over realtime", () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  /** What the listed topics heard while `act` ran, as [topic, type, payload]. */
  async function heardDuring(topicList: string[], act: () => Promise<unknown>) {
    const heard: BusEvent[] = [];
    const stops = topicList.map((topic) => t.ctx.bus.subscribe(topic, (e) => heard.push(e)));
    await act();
    await settle();
    for (const stop of stops) stop();
    return heard.map((e) => [e.topic, e.type, e.payload]);
  }

  it("tells the department of every change of a published shift, with its open count", async () => {
    const dept = topics.dept(w.a);
    const other = topics.dept(w.b);
    let shiftId = "";
    const heard = await heardDuring([dept, other], async () => {
      const created = await w.as.leader.post("/api/shifts", form(new Date(), 3, 7, 15));
      shiftId = created.json().id;
      await w.as.leader.post(`/api/shifts/${shiftId}/publish`);
      await w.as.kari.post(`/api/shifts/${shiftId}/interest`);
      await w.as.kari.post(`/api/shifts/${shiftId}/interest`); // nothing changes: nothing said
      await w.as.ola.post(`/api/shifts/${shiftId}/interest`);
      await w.as.ola.request("DELETE", `/api/shifts/${shiftId}/interest`);
      await w.as.leader.post(`/api/shifts/${shiftId}/assign`);
    });
    const changed = (openCount: number) => [dept, "shift.changed", { shiftId, openCount }];
    expect(heard).toEqual([changed(1), changed(1), changed(1), changed(1), changed(0)]);
  });

  it("tells the department when a shift is closed, by a leader or by the clock", async () => {
    const byLeader = await makeShift(t, { dept: w.a });
    const started = await makeShift(t, { dept: w.a, startsAt: new Date(Date.now() - 60_000) });
    const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock: t.ctx.clock, log: t.ctx.log }, [
      closeStartedJob,
    ]);
    const heard = await heardDuring([topics.dept(w.a)], async () => {
      await w.as.leader.post(`/api/shifts/${byLeader.id}/close`);
      await runner.runNow(closeStartedJob.name);
    });
    await runner.stop();
    expect(heard).toEqual([
      [topics.dept(w.a), "shift.changed", { shiftId: byLeader.id, openCount: 1 }],
      [topics.dept(w.a), "shift.changed", { shiftId: started.id, openCount: 0 }],
    ]);
  });

  it("tells only the department's leaders and admins of drafts, on their own topics", async () => {
    const watched = [w.ids.leader, w.ids.admin, w.ids.kari, w.ids.leaderB].map(topics.user);
    let shiftId = "";
    const heard = await heardDuring([...watched, topics.dept(w.a)], async () => {
      shiftId = (await w.as.leader.post("/api/shifts", form(new Date(), 3, 7, 15))).json().id;
      await w.as.leader.request("PATCH", `/api/shifts/${shiftId}`, form(new Date(), 4, 7, 15));
      await w.as.leader.request("DELETE", `/api/shifts/${shiftId}`);
    });
    const drafts = (userId: string) => [topics.user(userId), "shift.draftsChanged", { shiftId, deptId: w.a }];
    const once = [drafts(w.ids.admin), drafts(w.ids.leader)];
    expect(heard.sort()).toEqual([...once, ...once, ...once].sort());
  });
});
