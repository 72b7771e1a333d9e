/**
 * Extra shifts for the demo (staging, empty database only), relative to today in Oslo:
 * in Anestesi five open shifts (two with interest from Kari, Ola, Lars and Sofie; one
 * requiring 'Anestesisykepleier', which Ola lacks), a draft waiting to be published, the
 * extra shifts Kari and Ola worked in the last weeks (four each in the fairness window,
 * with the one below), and one Kari got through an automatic assignment yesterday, with
 * its run and both candidates for the outcome dialog and the audit; in Intensiv one open
 * shift Per is interested in, which nobody in Anestesi sees.
 *
 * Ola (80 %: 28,4 hours of additional work in 4 weeks before overtime) worked 44 hours
 * of extra shifts from 23 to 12 days ago. Any 8-hour open shift leaves him at 23,6 hours
 * of overtime in 4 weeks, under the law's 25; the 12-hour 'Beredskapsvakt' in 4 days
 * would be 27,6, so he may not take it ('Overtid 27,6 t siste 4 uker (grense 25 t)').
 * Nothing of theirs lies within 8 days of today, so shifts three weeks ahead (the
 * browser journeys') are judged as if they had worked none.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { defaultMinRestHours } from "../../../common/domain/fairness.ts";
import { osloDate, osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import type { Db, Tx } from "../client.ts";
import {
  competences,
  shiftAllocationRuns,
  shiftAssignments,
  shiftCompetences,
  shiftInterests,
  shifts,
} from "../schema.ts";
import { demoLookup } from "./demo-people.ts";
import type { demoCompetences } from "./demo-work.ts";

type Who = "lars" | "kari" | "ola" | "sofie" | "per";
const emails: Record<Who, string> = {
  lars: "leder@demo.no",
  kari: "kari@demo.no",
  ola: "ola@demo.no",
  sofie: "sekretaer@demo.no",
  per: "intensiv@demo.no",
};

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

interface DemoShift {
  dept: "Anestesi" | "Intensiv";
  title: string;
  location: string;
  /** days from today (Oslo), and the hours; an earlier 'to' hour is the next day */
  inDays: number;
  from: number;
  to: number;
  status: "draft" | "open" | "assigned";
  interested?: Who[];
  description?: string;
  /** by name; the contracts seed made them (none without it) */
  requires?: (typeof demoCompetences)[number][];
}

const demoShifts: DemoShift[] = [
  {
    dept: "Anestesi",
    title: "Ekstravakt anestesi",
    location: "Operasjon 2",
    inDays: 2,
    from: 7,
    to: 15,
    status: "open",
    interested: ["kari", "ola", "sofie"],
    description: "Elektiv ortopedi, to stuer.",
  },
  {
    dept: "Anestesi",
    title: "Nattevakt",
    location: "Akuttmottak",
    inDays: 3,
    from: 23,
    to: 7,
    status: "open",
    interested: ["lars"],
  },
  {
    dept: "Anestesi",
    title: "Kveldsvakt",
    location: "Dagkirurgi",
    inDays: 6,
    from: 15,
    to: 23,
    status: "open",
  },
  {
    dept: "Anestesi",
    title: "Beredskapsvakt",
    location: "Operasjon 2",
    inDays: 4,
    from: 7,
    to: 19,
    status: "open",
    description: "Lang dag med beredskap for akutte inngrep.",
  },
  {
    dept: "Anestesi",
    title: "Ekstravakt anestesi",
    location: "Operasjon 3",
    inDays: 7,
    from: 7,
    to: 15,
    status: "open",
    description: "Barnenarkose på dagkirurgisk liste.",
    requires: ["Anestesisykepleier"],
  },
  {
    dept: "Anestesi",
    title: "Helgevakt",
    location: "Operasjon 1",
    inDays: 9,
    from: 7,
    to: 19,
    status: "draft",
  },
  {
    dept: "Intensiv",
    title: "Dagvakt",
    location: "Intensiv",
    inDays: 4,
    from: 7,
    to: 15,
    status: "open",
    interested: ["per"],
  },
];

/** Extra shifts worked in the last weeks (none within 8 days of today), each assigned by hand. */
const workedShifts: (Pick<DemoShift, "title" | "location" | "inDays" | "from" | "to"> & { who: Who })[] = [
  { who: "ola", title: "Ekstravakt anestesi", location: "Operasjon 1", inDays: -23, from: 7, to: 19 },
  { who: "ola", title: "Dagvakt", location: "Operasjon 3", inDays: -20, from: 7, to: 15 },
  { who: "ola", title: "Ekstravakt anestesi", location: "Operasjon 2", inDays: -16, from: 7, to: 19 },
  { who: "ola", title: "Ekstravakt anestesi", location: "Operasjon 1", inDays: -12, from: 7, to: 19 },
  { who: "kari", title: "Kveldsvakt", location: "Dagkirurgi", inDays: -22, from: 15, to: 23 },
  { who: "kari", title: "Dagvakt", location: "Operasjon 2", inDays: -15, from: 7, to: 15 },
  { who: "kari", title: "Kveldsvakt", location: "Post 1", inDays: -10, from: 15, to: 23 },
];

export async function seedDemoShifts(db: Db, now: Date = new Date()): Promise<void> {
  const found = await demoLookup(db, emails, ["Anestesi", "Intensiv"]);
  if (found.people < Object.keys(emails).length || !found.deptIdOf("Anestesi") || !found.deptIdOf("Intensiv"))
    return;
  const id = (who: Who) => found.idOf(who)!;
  const deptId = (name: string) => found.deptIdOf(name)!;

  const today = osloDate(now);
  const span = (inDays: number, from: number, to: number) => ({
    startsAt: osloHourToInstant(today, from, inDays),
    endsAt: osloHourToInstant(today, to, inDays + (to < from ? 1 : 0)),
  });
  const ago = (days: number) => new Date(now.getTime() - days * dayMs);
  const required = await db
    .select({ id: competences.id, name: competences.name })
    .from(competences)
    .where(eq(competences.deptId, deptId("Anestesi")));

  await db.transaction(async (tx) => {
    const insert = async (s: DemoShift & { publishedAt?: Date }) => {
      const publishedAt = s.publishedAt ?? ago(2);
      const [row] = await tx
        .insert(shifts)
        .values({
          deptId: deptId(s.dept),
          title: s.title,
          location: s.location,
          description: s.description ?? null,
          ...span(s.inDays, s.from, s.to),
          status: s.status,
          createdBy: id("lars"),
          // made a day before it was published
          createdAt: new Date(publishedAt.getTime() - dayMs),
          publishedAt: s.status === "draft" ? null : publishedAt,
        })
        .returning({ id: shifts.id });
      const shiftId = row!.id;
      const interested = s.interested ?? [];
      if (interested.length > 0)
        await tx.insert(shiftInterests).values(
          interested.map((who, i) => ({
            shiftId,
            userId: id(who),
            createdAt: new Date(publishedAt.getTime() + i * hourMs),
          })),
        );
      const requires = required.filter((c) => s.requires?.some((name) => name === c.name));
      if (requires.length > 0)
        await tx.insert(shiftCompetences).values(requires.map((c) => ({ shiftId, competenceId: c.id })));
      return shiftId;
    };
    for (const s of demoShifts) await insert(s);

    // What they worked: it counts for them in the assignment below, and in Ola's overtime.
    for (const { who, ...worked } of workedShifts) {
      const shiftId = await insert({
        ...worked,
        dept: "Anestesi",
        status: "assigned",
        interested: [who],
        publishedAt: ago(5 - worked.inDays),
      });
      await tx
        .insert(shiftAssignments)
        .values({ shiftId, userId: id(who), assignedAt: ago(2 - worked.inDays), method: "manual" });
    }

    await seedAssignedShift(
      tx,
      await insert({
        dept: "Anestesi",
        title: "Ekstravakt anestesi",
        location: "Operasjon 1",
        inDays: 5,
        from: 7,
        to: 15,
        status: "assigned",
        interested: ["kari", "ola"],
      }),
      { kari: id("kari"), ola: id("ola"), lars: id("lars") },
      ago(1),
    );
  });
}

/** Kari (three extra shifts in 90 days) won over Ola (four): the run as the assignment wrote it. */
async function seedAssignedShift(
  tx: Tx,
  shiftId: string,
  who: { kari: string; ola: string; lars: string },
  at: Date,
) {
  await tx.insert(shiftAssignments).values({ shiftId, userId: who.kari, assignedAt: at, method: "auto" });
  await tx.insert(shiftAllocationRuns).values({
    shiftId,
    winnerUserId: who.kari,
    snapshot: { minScore: 0, ties: [who.kari], others: [who.ola] },
    minRestHours: defaultMinRestHours,
    createdBy: who.lars,
    createdAt: at,
    candidateIds: [who.kari, who.ola],
    candidateFairness: [3, 4],
    candidateTieBreaks: [randomUUID(), randomUUID()],
    candidateRanks: [1, 2],
    candidateIneligible: [null, null],
  });
}
