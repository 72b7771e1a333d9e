/**
 * Shifts as the API returns them, read in one query whatever the number of shifts:
 * the department's name, the interest count, the first five interested people, whether
 * I am interested or was a candidate, who holds the shift, and what it requires. Each carries what the
 * caller may do with it (`can`), from the policies.
 */
import { and, asc, desc, eq, gt, inArray, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { topics } from "../../../common/schemas/realtime.ts";
import type { PersonRef, ShiftDto, ShiftView } from "../../../common/schemas/shifts.ts";
import type { CompetenceRef } from "../../../common/schemas/work.ts";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import {
  competences,
  departments,
  profiles,
  shiftAllocationRuns,
  shiftAssignments,
  shiftCompetences,
  shiftInterests,
  shifts,
  user,
} from "../../db/schema.ts";
import { avatarUrlSql } from "../../platform/avatars.ts";
import { notFound } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import { abilityBits, type JsonAnswer, ReaderAnswers, writtenOnce } from "../../platform/json-text.ts";
import { personOf } from "../../platform/people.ts";
import { ReadCache } from "../../platform/read-cache.ts";
import type { Viewer } from "../../platform/viewer.ts";
import { abilitiesFor } from "../../policies/index.ts";
import { toShiftResource } from "./access.ts";

/** How many have registered interest in the shift of the outer row. */
export const interestCountSql = sql<number>`(select count(*)::int from ${shiftInterests} i
  where i.shift_id = ${shifts}.id)`;

// The first five in the order they came (spec §2: up to five avatars, then '+n').
const firstInterested = sql<PersonRef[]>`coalesce((
  select json_agg(json_build_object('userId', f.user_id, 'name', f.name, 'avatarUrl', f.avatar)
                  order by f.created_at, f.user_id)
  from (select i.user_id, i.created_at, coalesce(p.full_name, u.name) as name,
          ${avatarUrlSql({ userId: sql`p.user_id`, avatarPath: sql`p.avatar_path`, updatedAt: sql`p.updated_at` })} as avatar
        from ${shiftInterests} i
        join ${user} u on u.id = i.user_id
        left join ${profiles} p on p.user_id = i.user_id
        where i.shift_id = ${shifts}.id
        order by i.created_at, i.user_id
        limit 5) f), '[]'::json)`;

// 'Krever kompetanse', by name (issue 28); a few rows of `shift_competences_pk` per shift.
const requiredCompetences = sql<CompetenceRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name), c.id)
  from ${shiftCompetences} sc
  join ${competences} c on c.id = sc.competence_id
  where sc.shift_id = ${shifts}.id), '[]'::json)`;

const holder = alias(profiles, "holder");

/** My user id as a value, or as the placeholder of a prepared statement. */
type UserIdParam = string | Placeholder | SQL;

const iAmInterested = (userId: UserIdParam) => sql<boolean>`exists (select 1 from ${shiftInterests} i
  where i.shift_id = ${shifts}.id and i.user_id = ${userId})`;

/** The open shifts of a department (the 'Åpne' tab, and the header badge's count). */
export const openIn = (deptId: string | Placeholder) =>
  and(eq(shifts.kind, "extra"), eq(shifts.deptId, deptId), eq(shifts.status, "open"))!;

/** What defines each list; the tab counts count the same conditions. */
export function viewCondition(view: ShiftView, me: Viewer, deptId: string): SQL {
  const inDept = and(eq(shifts.kind, "extra"), eq(shifts.deptId, deptId))!;
  const open = openIn(deptId);
  switch (view) {
    case "open":
      return open;
    case "waiting":
      return and(open, iAmInterested(me.actor.userId))!;
    case "assigned": {
      // Mine in every department I work in: the upcoming ones and the last 30 days,
      // roster shifts too (a swap gives them; 'Mine vakter' is everything I work).
      const active = me.actor.memberships.filter((m) => m.isActive).map((m) => m.deptId);
      const since = new Date(me.now.getTime() - 30 * 86_400_000);
      return and(
        eq(shiftAssignments.userId, me.actor.userId),
        inArray(shifts.deptId, active),
        gt(shifts.endsAt, since),
      )!;
    }
    case "drafts":
      return and(inDept, eq(shifts.status, "draft"))!;
    case "filled":
      // The admin page's 'Tildelt': the department's assigned shifts, upcoming and the
      // last 30 days. The start bound keeps the read a range of
      // `shifts_dept_status_starts_idx` (dept, 'assigned', starts_at), not all the years.
      return and(
        inDept,
        eq(shifts.status, "assigned"),
        gt(shifts.startsAt, new Date(me.now.getTime() - filledDays * 86_400_000)),
      )!;
  }
}

/** How far back the admin page's 'Tildelt' reaches. */
export const filledDays = 30;

function viewOrder(view: ShiftView, now: Date): SQL[] {
  switch (view) {
    case "open":
    case "waiting":
      return [asc(shifts.startsAt), asc(shifts.id)];
    case "assigned":
      // Upcoming (and under way) first, soonest first; then the past, latest first.
      return [
        asc(lte(shifts.endsAt, now)),
        sql`case when ${shifts.endsAt} > ${now.toISOString()}::timestamptz then ${shifts.startsAt} end asc`,
        desc(shifts.startsAt),
        asc(shifts.id),
      ];
    case "drafts":
      return [desc(shifts.createdAt), asc(shifts.id)];
    case "filled":
      // Newest assignment first: what a leader just did is on top.
      return [desc(shiftAssignments.assignedAt), desc(shifts.startsAt), asc(shifts.id)];
  }
}

function shiftRows(db: Db, userId: UserIdParam, where: SQL, order: SQL[]) {
  return db
    .select({
      shift: shifts,
      deptName: departments.name,
      interestCount: interestCountSql,
      interested: firstInterested,
      requires: requiredCompetences,
      isInterested: iAmInterested(userId),
      isCandidate: sql<boolean>`exists (select 1 from ${shiftAllocationRuns} r
        where r.shift_id = ${shifts}.id and r.candidate_ids @> array[${userId}::uuid])`,
      assignment: {
        id: shiftAssignments.id,
        userId: shiftAssignments.userId,
        assignedAt: shiftAssignments.assignedAt,
        method: shiftAssignments.method,
      },
      holderName: holder.fullName,
      holderAvatar: avatarUrlSql(holder),
    })
    .from(shifts)
    .innerJoin(departments, eq(departments.id, shifts.deptId))
    .leftJoin(shiftAssignments, eq(shiftAssignments.shiftId, shifts.id))
    .leftJoin(holder, eq(holder.userId, shiftAssignments.userId))
    .where(where)
    .orderBy(...order);
}

type ShiftRowWithFacts = Awaited<ReturnType<typeof shiftRows>>[number];

function present(me: Viewer, r: ShiftRowWithFacts): ShiftDto {
  return presentWith(r, shiftAbilities(me, r));
}

/** What the viewer may do with the shift (as a candidate of its last run, if they were one). */
function shiftAbilities(me: Viewer, r: ShiftRowWithFacts): ShiftDto["can"] {
  const resource = toShiftResource(r.shift, r.isCandidate ? [me.actor.userId] : [], me.now);
  return abilitiesFor(me.actor, resource, me.env, {
    edit: "shift.edit",
    publish: "shift.publish",
    delete: "shift.delete",
    close: "shift.close",
    assign: "shift.assign",
    interest: "shift.interest",
    viewOutcome: "shift.viewOutcome",
  });
}

/** The shift with what the viewer may do; nothing else in it depends on who asks but `isInterested`. */
function presentWith(r: ShiftRowWithFacts, can: ShiftDto["can"]): ShiftDto {
  const s = r.shift;
  const a = r.assignment;
  return {
    id: s.id,
    deptId: s.deptId,
    deptName: r.deptName,
    title: s.title,
    description: s.description,
    location: s.location,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    publishedAt: s.publishedAt?.toISOString() ?? null,
    interestCount: r.interestCount,
    interested: r.interested,
    isInterested: r.isInterested,
    requires: r.requires,
    assignment: a
      ? {
          person: personOf(a.userId, r.holderName, r.holderAvatar, a.id),
          assignedAt: a.assignedAt.toISOString(),
          method: a.method,
        }
      : null,
    can,
  };
}

/**
 * The open tab is what everyone opens most, and what every open screen of a department
 * asks again at once after each of its `shift.changed` events. So it is read per
 * department, not per person: the shifts with everyone who is interested or was a
 * candidate (a prepared statement, planned once per connection), kept in memory until
 * the next change (platform/read-cache.ts); what is mine is picked out per request. A
 * shift shows the same to everyone who may do the same with it and is, or is not,
 * interested: its JSON is written once for each such group and kept with the rows.
 */
const openShiftFacts = preparedOnce((db) =>
  shiftRows(
    db,
    // nobody: the per-person columns are answered from the lists below
    sql`null::uuid`,
    openIn(sql.placeholder("deptId")),
    viewOrder("open", new Date(0)), // the open order does not depend on the time
  ).prepare("shifts_open"),
);

const everyoneInterested = sql<string[]>`coalesce((select json_agg(i.user_id) from ${shiftInterests} i
  where i.shift_id = ${shifts}.id), '[]'::json)`;
const everyCandidate = sql<
  string[]
>`coalesce((select to_json(array_remove(r.candidate_ids, null)) from ${shiftAllocationRuns} r
  where r.shift_id = ${shifts}.id), '[]'::json)`;

const openShiftPeople = preparedOnce((db) =>
  db
    .select({ id: shifts.id, interested: everyoneInterested, candidates: everyCandidate })
    .from(shifts)
    .where(openIn(sql.placeholder("deptId")))
    .prepare("shifts_open_people"),
);

export interface OpenShifts {
  rows: ShiftRowWithFacts[];
  interested: Map<string, Set<string>>;
  candidates: Map<string, Set<string>>;
  /** a shift's JSON per interest and abilities (`openShiftsJson`) */
  written: Map<string, string>;
  answers: ReaderAnswers;
}

export type OpenShiftsCache = ReadCache<OpenShifts>;

export function openShiftsCache(bus: EventBus, ttlMs: number): OpenShiftsCache {
  return new ReadCache<OpenShifts>(bus, {
    ttlMs,
    topicOf: (deptId) => ({ topic: topics.dept(deptId), types: ["shift.changed"] }),
  });
}

async function loadOpenShifts(db: Db, deptId: string): Promise<OpenShifts> {
  // One transaction would be one snapshot; two reads a moment apart can differ only by a
  // change whose event makes this stale anyway.
  const [rows, people] = await Promise.all([
    openShiftFacts(db).execute({ deptId }),
    openShiftPeople(db).execute({ deptId }),
  ]);
  return {
    rows,
    interested: new Map(people.map((p) => [p.id, new Set(p.interested)])),
    candidates: new Map(people.map((p) => [p.id, new Set(p.candidates)])),
    written: new Map(),
    answers: new ReaderAnswers(),
  };
}

/** One tab of the list screen but the open one (`openShiftsJson`). */
export async function listShifts(db: Db, me: Viewer, view: Exclude<ShiftView, "open">, deptId: string) {
  const rows = await shiftRows(db, me.actor.userId, viewCondition(view, me, deptId), viewOrder(view, me.now));
  return rows.map((r) => present(me, r));
}

/** The open tab of a department, as the JSON text of a `ShiftList`. */
export async function openShiftsJson(
  db: Db,
  me: Viewer,
  deptId: string,
  openShifts: OpenShiftsCache,
): Promise<JsonAnswer> {
  const open = (await openShifts.read(deptId, () => loadOpenShifts(db, deptId)))!;
  return open.answers.answer(me.actor, me.now, () => ({
    text: openShiftsText(open, me),
    // A shift that starts takes no more interest: the abilities change then.
    until: Math.min(...open.rows.map((r) => r.shift.startsAt.getTime()).filter((t) => t > me.now.getTime())),
  }));
}

function openShiftsText(open: OpenShifts, me: Viewer): string {
  const userId = me.actor.userId;
  const parts = open.rows.map((shared) => {
    const r = {
      ...shared,
      isInterested: open.interested.get(shared.shift.id)?.has(userId) ?? false,
      isCandidate: open.candidates.get(shared.shift.id)?.has(userId) ?? false,
    };
    const can = shiftAbilities(me, r);
    return writtenOnce(open.written, `${r.shift.id} ${+r.isInterested} ${abilityBits(can)}`, () =>
      presentWith(r, can),
    );
  });
  return `{"shifts":[${parts.join(",")}]}`;
}

/** One shift, read afresh after a change. */
export async function presentShift(db: Db, me: Viewer, shiftId: string): Promise<ShiftDto> {
  const [row] = await shiftRows(db, me.actor.userId, eq(shifts.id, shiftId), []);
  // Deleted by someone else in the meantime.
  if (!row) throw notFound("shift_not_found");
  return present(me, row);
}
