/**
 * The hospital, written in SQL into a new database before the server starts: `people / 50`
 * departments of 50 people each (two leaders, the rest staff, and in the first department
 * one admin among them), every one signed in (lib/people.ts); each department's thread with
 * all its people as members and `history` messages behind it (what opening it loads), and
 * `openShifts` published extra shifts over the coming weeks for the staff to answer.
 * Shift threads and direct conversations are not seeded: people open them through the
 * API when the app starts (hospital/open.ts), as the web app does.
 */
import { sql } from "drizzle-orm";
import { type DatabaseSource, openDatabase } from "../../server/db/client.ts";
import { chatThreadMembers, chatThreads, departments } from "../../server/db/schema.ts";
import { insertOpenShifts } from "../allocation/seed.ts";
import { settle, writeHistory } from "../chat/seed.ts";
import { type BenchUser, inBatches, seedPeople } from "../lib/people.ts";

export const departmentSize = 50;
const leadersPerDepartment = 2;

export interface Person extends BenchUser {
  /** 0..people-1, the order the load addresses people by */
  index: number;
  dept: number;
  role: "admin" | "leader" | "staff";
}

export interface Department {
  id: string;
  /** the department's chat */
  threadId: string;
  people: Person[];
  leaders: Person[];
  /** staff and admins: who answers shifts and offers swaps */
  staff: Person[];
  /** the seeded open extra shifts */
  openShiftIds: string[];
}

export interface Hospital {
  people: Person[];
  departments: Department[];
}

const dayMs = 86_400_000;

export async function seedHospital(
  source: DatabaseSource,
  opts: { people: number; history: number; openShifts: number; authSecret: string },
): Promise<Hospital> {
  const database = await openDatabase(source);
  const { db } = database;
  try {
    const count = Math.max(1, Math.round(opts.people / departmentSize));
    const depts = await db
      .insert(departments)
      .values(Array.from({ length: count }, (_, d) => ({ name: `Avdeling ${d + 1}` })))
      .returning({ id: departments.id });
    const people: Person[] = [];
    const hospital: Department[] = [];
    // In two weeks, clear of the shifts the load makes (from three days ahead on), so
    // nobody's rest time collides with a seeded one.
    const firstDay = Math.floor(Date.now() / dayMs) * dayMs + 14 * dayMs;
    for (const [d, { id: deptId }] of depts.entries()) {
      const made = async (role: Person["role"], n: number) =>
        (
          await seedPeople(db, { deptId, count: n, authSecret: opts.authSecret, role, label: `${role}${d}-` })
        ).map((user) => ({ ...user, index: 0, dept: d, role }));
      const admins = d === 0 ? await made("admin", 1) : [];
      const leaders = await made("leader", leadersPerDepartment);
      const staff = await made("staff", departmentSize - leadersPerDepartment - admins.length);
      const members = [...leaders, ...admins, ...staff];
      for (const person of members) person.index = people.push(person) - 1;

      const [thread] = await db
        .insert(chatThreads)
        .values({ kind: "department", deptId, createdBy: leaders[0]!.id })
        .returning({ id: chatThreads.id });
      const threadId = thread!.id;
      await inBatches(members, (part) =>
        db.insert(chatThreadMembers).values(part.map((p) => ({ threadId, userId: p.id }))),
      );
      if (opts.history > 0) await writeHistory(db, threadId, opts.history);
      const openShiftIds = await insertOpenShifts(
        db,
        deptId,
        leaders[0]!.id,
        opts.openShifts,
        firstDay,
        "Ekstravakt",
      );
      hospital.push({
        id: deptId,
        threadId,
        people: members,
        leaders,
        staff: [...admins, ...staff],
        openShiftIds,
      });
    }
    // Everyone has read the history: unread counts start at zero, as on a normal morning.
    await db.execute(sql`
      update chat_thread_members m set last_read_seq = coalesce(
        (select max(seq) from chat_messages c where c.thread_id = m.thread_id), 0)`);
    await settle(db);
    return { people, departments: hospital };
  } finally {
    await database.close();
  }
}
