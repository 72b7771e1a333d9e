/**
 * Every list a person's pages read has an index to read it by: the reads of every GET
 * route (list-queries.ts) on a small seeded database, each explained with sequential
 * scans turned off. One that still reads a big table whole has no index path, and will
 * read all of it once the table holds years of history (bench/volume.ts measures that
 * at a million messages and a million assignments).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, driver, type TestApp } from "./harness.ts";
import { callAll, listRequests, prepareScene } from "./list-queries.ts";
import { innerPlansOf, planOf, QueryCapture } from "./query-plans.ts";
import { seedVolume, type VolumeScale } from "./volume-seed.ts";

const scale: VolumeScale = {
  departments: 3,
  perDept: 8,
  channels: 2,
  channelMembers: 4,
  directPartners: 2,
  shiftThreadDays: 3,
  messages: { department: 60, channel: 10, direct: 4, shift: 2 },
  pastShifts: 40,
  future: { open: 4, drafts: 2, assigned: 6 },
  notificationsPerPerson: 5,
  auditEntries: 30,
};

describe("list queries", () => {
  let t: TestApp;
  const capture = new QueryCapture();

  beforeAll(async () => {
    t = await createTestApp({}, { seed: false, queryLogger: capture });
    await seedVolume(t.ctx.db, scale);
  });
  afterAll(() => t?.close());

  it("reads no big table whole where an index could serve", async () => {
    const scene = await prepareScene(t, scale);
    const answers = await callAll(scene, listRequests(t.routes, scene), capture);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.request.url}: ${a.status}`)).toEqual([]);
    expect(capture.queries.length).toBeGreaterThan(answers.length);
    const scans: string[] = [];
    let inner = 0;
    for (const query of capture.queries) {
      const opts = { analyze: false, noSeqScan: true };
      // On PostgreSQL, the statements of the functions it calls as well (a search's).
      const within = await innerPlansOf(t.ctx.db, query, opts);
      inner += within.length;
      for (const plan of [await planOf(t.ctx.db, query, opts), ...within])
        if (plan.wholeReads.length > 0)
          scans.push(
            `${query.endpoint}: reads ${plan.wholeReads.join(", ")} whole\n  ${plan.nodes.join(" > ")}\n  ${plan.query.text.slice(0, 200)}`,
          );
    }
    if (driver === "postgres") expect(inner, "statements inside functions").toBeGreaterThan(0);
    expect(scans).toEqual([]);
  });
});
