import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { osloDate, osloMinutes, osloTimeToInstant } from "../../../common/domain/oslo-time.ts";
import { shiftDto } from "../../../common/schemas/shifts.ts";
import { errorMessages } from "../../../common/texts/errors.ts";
import { addInterest, assignShiftTo, makeShift, makeStaff, signedInClient } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { shiftWorld, timedForm, type World } from "./helpers.test-support.ts";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

describe("extra shifts: times in quarter hours", () => {
  let t: TestApp;
  let w: World;
  const now = () => new Date();

  beforeAll(async () => {
    t = await createTestApp();
    w = await shiftWorld(t);
  });
  afterAll(() => t.close());

  const create = (body: object) => w.as.leader.post("/api/shifts", body);

  it("makes a shift from 07:30 to 15:30 Oslo time", async () => {
    const res = await create(timedForm(now(), 4, "07:30", "15:30", { title: "Kveldsvakt" }));
    expect(res.statusCode).toBe(201);
    const shift = shiftDto.parse(res.json());
    const startsAt = new Date(shift.startsAt);
    expect(osloMinutes(startsAt)).toBe(7 * 60 + 30);
    expect(osloMinutes(new Date(shift.endsAt))).toBe(15 * 60 + 30);
    expect(new Date(shift.endsAt).getTime() - startsAt.getTime()).toBe(8 * hourMs);
  });

  it("still takes whole hours from clients that send fromHour/toHour", async () => {
    const res = await create({
      ...timedForm(now(), 4, "", ""),
      fromTime: undefined,
      toTime: undefined,
      fromHour: 22,
      toHour: 6,
      title: "Nattevakt",
    });
    expect(res.statusCode).toBe(201);
    const shift = shiftDto.parse(res.json());
    expect(osloMinutes(new Date(shift.startsAt))).toBe(22 * 60);
    expect(new Date(shift.endsAt).getTime() - new Date(shift.startsAt).getTime()).toBe(8 * hourMs);
  });

  it("ends a night shift 22:45–07:15 the next day, and refuses times off the quarter hours", async () => {
    const night = shiftDto.parse(
      (await create(timedForm(now(), 5, "22:45", "07:15", { title: "Nattevakt" }))).json(),
    );
    expect(osloDate(new Date(night.endsAt))).not.toBe(osloDate(new Date(night.startsAt)));
    expect(osloMinutes(new Date(night.endsAt))).toBe(7 * 60 + 15);
    for (const [from, to] of [
      ["07:20", "15:00"],
      ["7:30", "15:30"],
      ["07:00", "24:00"],
    ])
      expect((await create(timedForm(now(), 5, from!, to!))).statusCode, `${from}–${to}`).toBe(400);
    expect((await create({ ...timedForm(now(), 5, "07:00", "15:00"), toTime: undefined })).statusCode).toBe(
      400,
    );
    const same = await create(timedForm(now(), 5, "07:30", "07:30"));
    expect(same.statusCode).toBe(422);
    expect(same.json().error.code).toBe("shift_end_not_after_start");
  });

  it("warns of an identical draft or open shift, and makes it when asked to go on", async () => {
    const body = timedForm(now(), 6, "07:30", "15:30", { title: "Helgevakt" });
    const first = shiftDto.parse((await create(body)).json());
    const again = await create(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: "shift_duplicate", message: errorMessages.shift_duplicate });
    // Published, it is still a twin.
    expect((await w.as.leader.post(`/api/shifts/${first.id}/publish`)).statusCode).toBe(200);
    expect((await create(body)).statusCode).toBe(409);
    // Another type, another time or another department is no twin.
    expect((await create({ ...body, title: "Dagvakt" })).statusCode).toBe(201);
    expect((await create({ ...body, toTime: "15:45" })).statusCode).toBe(201);
    expect((await w.as.leaderB.post("/api/shifts", body)).statusCode).toBe(201);
    const chosen = await create({ ...body, allowDuplicate: true });
    expect(chosen.statusCode).toBe(201);
  });

  it("does not count an assigned or closed shift as a twin", async () => {
    const body = timedForm(now(), 7, "15:15", "23:15", { title: "Beredskapsvakt" });
    const first = shiftDto.parse((await create(body)).json());
    await assignShiftTo(t, first.id, w.ids.kari);
    expect((await create(body)).statusCode).toBe(201);
  });

  it("counts rest to the quarter hour: 10 h 45 min is too little, 11 h is enough", async () => {
    const people = await Promise.all(
      [1, 2].map(async (i) => {
        const made = await makeStaff(t, { role: "staff", dept: w.a, active: true, name: `Hvile ${i}` });
        return made.userId;
      }),
    );
    const [tired, rested] = people as [string, string];
    const day = osloDate(new Date(Date.now() + 9 * dayMs));
    // Both end a roster shift at 20:15; the new shifts start the next morning.
    for (const who of people) {
      const before = await makeShift(t, {
        dept: w.a,
        kind: "roster",
        title: "Kveldsvakt",
        startsAt: osloTimeToInstant(day, 12 * 60 + 15),
      });
      await assignShiftTo(t, before.id, who);
    }
    const assignOne = async (fromTime: string, who: string) => {
      const made = shiftDto.parse(
        (
          await create({
            ...timedForm(new Date(osloTimeToInstant(day, 0).getTime() + dayMs), 0, fromTime, "15:00"),
            allowDuplicate: true,
          })
        ).json(),
      );
      await w.as.leader.post(`/api/shifts/${made.id}/publish`);
      await addInterest(t, made.id, [who]);
      return w.as.leader.post(`/api/shifts/${made.id}/assign`);
    };
    const early = await assignOne("07:00", tired);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("shift_no_candidates");
    const later = await assignOne("07:15", rested);
    expect(later.statusCode).toBe(200);
    expect(later.json().winner.userId).toBe(rested);
  });

  it("puts 07:30 in the calendar feed, as the instant it is", async () => {
    const client = await signedInClient(t, w.ids.ola);
    const shift = shiftDto.parse(
      (await create(timedForm(now(), 8, "07:30", "15:30", { title: "Ekstravakt anestesi" }))).json(),
    );
    await assignShiftTo(t, shift.id, w.ids.ola);
    const { url } = (await client.post("/api/shifts/calendar")).json();
    const feed = await t.client().get(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    const event = feed.body.split("BEGIN:VEVENT").find((e) => e.includes(`UID:${shift.id}`))!;
    const start = /DTSTART:(\d{8}T\d{6}Z)/.exec(event)![1]!;
    const iso = `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}T${start.slice(9, 11)}:${start.slice(11, 13)}:${start.slice(13, 15)}Z`;
    expect(osloMinutes(new Date(iso))).toBe(7 * 60 + 30);
    expect(new Date(iso).toISOString()).toBe(shift.startsAt.replace(/\.\d{3}/, ".000"));
  });
});
