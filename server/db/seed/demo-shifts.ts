/**
 * Extra shifts for the demo (staging, empty database only), relative to today in Oslo:
 * in Anestesi three open shifts (two with interest from Kari, Ola, Lars and Sofie), a
 * draft waiting to be published, one shift Ola got earlier and one Kari got through an
 * automatic assignment yesterday, with its run and both candidates for the outcome
 * dialog and the audit; in Intensiv one open shift Per is interested in, which nobody
 * in Anestesi sees.
 */
import { randomUUID } from "node:crypto";
import { defaultMinRestHours } from "../../../common/domain/fairness.ts";
import { osloDate, osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import type { Db, Tx } from "../client.ts";
import { shiftAllocationRuns, shiftAssignments, shiftInterests, shifts } from "../schema.ts";
import { demoLookup } from "./demo-people.ts";

type Who = "lars" | "kari" | "ola" | "sofie" | "per";
const emails: Record<Who, string> = {
  lars: "leder@demo.no",
  kari: "kari@demo.no",
  ola: "ola@demo.no",
  sofie: "sekretaer@demo.no",
  per: "intensiv@demo.no",
};

const dayMs = 86_400_000;

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

  await db.transaction(async (tx) => {
    const insert = async (s: DemoShift & { publishedAt?: Date }) => {
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
          createdAt: ago(3),
          publishedAt: s.status === "draft" ? null : (s.publishedAt ?? ago(2)),
        })
        .returning({ id: shifts.id });
      const shiftId = row!.id;
      const interested = s.interested ?? [];
      if (interested.length > 0)
        await tx
          .insert(shiftInterests)
          .values(interested.map((who, i) => ({ shiftId, userId: id(who), createdAt: ago(2 - i / 24) })));
      return shiftId;
    };
    for (const s of demoShifts) await insert(s);

    // Ola's earlier extra shift: it counts for him in the assignment below.
    const earlier = await insert({
      dept: "Anestesi",
      title: "Dagvakt",
      location: "Operasjon 3",
      inDays: -20,
      from: 7,
      to: 15,
      status: "assigned",
      interested: ["ola"],
      publishedAt: ago(25),
    });
    await tx
      .insert(shiftAssignments)
      .values({ shiftId: earlier, userId: id("ola"), assignedAt: ago(22), method: "manual" });

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

/** Kari (no extra shift in 90 days) won over Ola (one): the run as the assignment wrote it. */
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
    candidateFairness: [0, 1],
    candidateTieBreaks: [randomUUID(), randomUUID()],
    candidateRanks: [1, 2],
    candidateIneligible: [null, null],
  });
}
