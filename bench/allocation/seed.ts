/**
 * The allocation benchmark's hospital, written in SQL into a new database before the
 * server starts (see allocation.ts for why each part is there):
 *  - the benchmark's department: `candidates` staff and one leader, each signed in
 *    (lib/people.ts). Contracts by how much extra work they take (k: 0 the heaviest
 *    taker): the heaviest quarter 50 %, the next quarter 75 %, the lighter half full
 *    time. Three competences, each held by four in five (everyone lacks at most one);
 *  - `history` past extra shifts over the two years before the day before yesterday
 *    (so about 90/728 of them fall in the fairness window), each starting a day after it
 *    was assigned. `candidates × 40` of them (at most `history`) belong to the
 *    candidates, shared unevenly (a few took many, most fewer, `power(random(), 1.6)`),
 *    so the 90-day counts differ and the heaviest break an overtime limit; the rest
 *    belong to the rest of the hospital: colleagues in other departments of 100, about
 *    70 each (people, profiles and staff records in SQL, without sessions: nobody signs
 *    in as them);
 *  - shifts the candidates already hold around the benchmark shifts: an extra shift
 *    every week (50 %), every second week (75 %) or every fourth (full time), assigned
 *    in the last two weeks (so counted), and every third week a roster shift received in
 *    an exchange (roster shifts exist only as swaps; an exchange's is not overtime), so
 *    some candidates of each benchmark shift lack the rest time, are over an overtime
 *    limit, and eligibility has real work;
 *  - for the app and for the baseline (if one runs) each, `warmup + shifts` open extra
 *    shifts from the day after tomorrow on, three a day (07–15, 15–23, 23–07 UTC), every
 *    staff member interested in every one; every fourth of the app's requires one of
 *    the competences, in turn;
 *  - `openShifts` further open extra shifts over the next three weeks with 0 to 100
 *    interested each: the open list the members read once the benchmark shifts are
 *    assigned.
 * Everything large is one `generate_series` statement (a million rows in about half a
 * minute on PostgreSQL, most of it index upkeep; PGlite runs the same SQL, slower). The
 * history's draws are seeded (`setseed`), so two databases seeded alike on one server
 * get the same history (ids aside): the comparison with another build runs on a twin.
 * VACUUM ANALYZE at the end: planner statistics and visibility maps of a settled table,
 * as autovacuum keeps them. Then a CHECKPOINT: otherwise the one the seed's gigabyte of
 * WAL sets off writes it out during the measured requests, and their commits wait for
 * the disk (up to half a second each here) for what the seed wrote.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { inArray, type SQL, sql } from "drizzle-orm";
import { type DatabaseSource, type Db, openDatabase } from "../../server/db/client.ts";
import { uuidArray } from "../../server/db/id-list.ts";
import { competences, departments, shiftCompetences, shifts } from "../../server/db/schema.ts";
import { type BenchUser, seedPeople } from "../lib/people.ts";

export interface AllocationSeed {
  deptId: string;
  leader: BenchUser;
  /** the staff: every one a candidate of every benchmark shift */
  members: BenchUser[];
  /**
   * benchmark shifts in the order they are assigned: warm-up ones, then `shifts` measured
   * ones for each of the app's runs (paced, then back to back)
   */
  app: { warmup: string[]; measured: string[][] };
  /** none without a baseline: they would stay open and lengthen the open list */
  baseline: { warmup: string[]; measured: string[] };
  /** how the history was shared */
  history: { candidates: number; colleagues: number; colleagueShifts: number; departments: number };
}

export interface SeedOptions {
  candidates: number;
  history: number;
  /** measured shifts per run */
  shifts: number;
  /** how many measured runs the app makes */
  appRuns: number;
  warmupShifts: number;
  openShifts: number;
  /** whether a baseline runs, which needs shifts of its own */
  baseline: boolean;
  authSecret: string;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const location = "Sengepost 4";
/** past extra shifts per candidate in two years, on average (ten a year) */
const candidateShare = 40;
/** past extra shifts per colleague elsewhere in the hospital, on average */
const colleagueShare = 70;
const departmentSize = 100;
const competenceNames = ["Intensivsykepleie", "Cytostatika", "Dialyse"];

/** The department's staff numbered 0..n-1 (k), for spreading generated rows over them. */
const numberedStaff = (deptId: string) => sql`
  select row_number() over (order by user_id)::int - 1 as k, user_id, id as staff_id, dept_id, position_percent
  from staff where dept_id = ${deptId} and role = 'staff'`;

/** The rest of the hospital's staff, numbered likewise. */
const numberedColleagues = (deptId: string) => sql`
  select row_number() over (order by user_id)::int - 1 as k, user_id, dept_id
  from staff where dept_id <> ${deptId}`;

/**
 * Assigned shifts with their assignments, in one statement: `rows` gives user_id,
 * dept_id, kind, title, starts_at, ends_at, assigned_at and method of each. Written in
 * the order they were assigned, so the tables lie on disk as a live database's do
 * (newest rows last). The rows agree with their foreign keys by construction, so where
 * the role may (a superuser; PGlite's is one) the per-row key checks are skipped: with
 * them, a million rows took twice as long. Triggers are skipped with them, so what they
 * keep is written here: whether an assignment counts for fairness (its shift is an extra
 * shift) and its shift's times (migration 0025), and at the end the fairness window's
 * counts (`countFairness`). `seed` (−1..1) makes the statement's random() draws
 * repeatable.
 */
async function insertAssignedShifts(db: Db, rows: SQL, seed?: number) {
  await db.transaction(async (tx) => {
    // Both drivers answer with `rows`.
    const role = (await tx.execute(
      sql`select rolsuper as super from pg_roles where rolname = current_user`,
    )) as unknown as { rows: { super: boolean }[] };
    if (role.rows[0]?.super) await tx.execute(sql`set local session_replication_role = replica`);
    if (seed !== undefined) await tx.execute(sql`select setseed(${seed})`);
    await tx.execute(sql`
      with r as materialized (
        select gen_random_uuid() as id, g.* from (${rows}) g order by g.assigned_at),
      s as (
        insert into shifts (id, dept_id, kind, title, location, starts_at, ends_at, status,
                            published_at, created_at)
        select id, dept_id, kind, title, ${location}, starts_at, ends_at, 'assigned',
               case when kind = 'extra' then assigned_at - interval '1 day' end,
               assigned_at - interval '2 days'
        from r)
      insert into shift_assignments (shift_id, user_id, assigned_at, method, counts_for_fairness,
                                     starts_at, ends_at)
      select id, user_id, assigned_at, method, kind = 'extra', starts_at, ends_at from r`);
  });
}

/** Each person's assignments in the fairness window, as its triggers count them (migration 0011). */
async function countFairness(db: Db) {
  await db.execute(sql`delete from fairness_counts`);
  await db.execute(sql`
    insert into fairness_counts (user_id, count)
    select a.user_id, count(*) from shift_assignments a, fairness_window w
    where a.counts_for_fairness and a.user_id is not null and a.assigned_at > w.since
    group by a.user_id`);
}

/**
 * The rest of the hospital: `count` colleagues (user, profile, staff record) spread over
 * departments of `departmentSize`; returns how many departments.
 */
async function seedColleagues(db: Db, count: number): Promise<number> {
  if (count === 0) return 0;
  const depts = Math.ceil(count / departmentSize);
  await db.execute(sql`
    insert into departments (name) select 'Avdeling ' || g from generate_series(1, ${depts}::int) g`);
  await db.execute(sql`
    with d as materialized (
      select id, row_number() over (order by name)::int - 1 as i from departments where name like 'Avdeling %'),
    p as materialized (
      select gen_random_uuid() as id, g, 'Kollega ' || g as name from generate_series(1, ${count}::int) g),
    u as (
      insert into "user" (id, name, email, email_verified)
      select id, name, 'kollega' || g || '@bench.no', true from p),
    pr as (
      insert into profiles (user_id, full_name, current_dept_id)
      select p.id, p.name, d.id from p join d on d.i = p.g % ${depts}::int)
    insert into staff (user_id, dept_id, role)
    select p.id, d.id, 'staff' from p join d on d.i = p.g % ${depts}::int`);
  return depts;
}

/** Open extra shifts, three a day from `firstDay`; their ids in order. */
export async function insertOpenShifts(
  db: Db,
  deptId: string,
  leaderId: string,
  count: number,
  firstDay: number,
  title: string,
) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, j) => {
    const startsAt = new Date(firstDay + Math.floor(j / 3) * dayMs + (7 + 8 * (j % 3)) * hourMs);
    return {
      id: randomUUID(),
      deptId,
      kind: "extra" as const,
      title: `${title} ${j + 1}`,
      location,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 8 * hourMs),
      status: "open" as const,
      createdBy: leaderId,
      createdAt: new Date(now - 4 * dayMs),
      publishedAt: new Date(now - 3 * dayMs + j * 60_000),
    };
  });
  await db.insert(shifts).values(rows);
  return rows.map((r) => r.id);
}

/** The department's three competences, each held by four in five of its staff. */
async function seedCompetences(db: Db, deptId: string): Promise<string[]> {
  const rows = await db
    .insert(competences)
    .values(competenceNames.map((name) => ({ deptId, name })))
    .returning({ id: competences.id });
  const ids = rows.map((r) => r.id);
  await db.execute(sql`
    insert into staff_competences (staff_id, competence_id)
    select p.staff_id, c.id
    from (${numberedStaff(deptId)}) p
    cross join unnest(${uuidArray(ids)}) with ordinality c(id, i)
    where (p.k + c.i::int * 7) % 5 <> 0`);
  return ids;
}

export async function seedAllocation(source: DatabaseSource, opts: SeedOptions): Promise<AllocationSeed> {
  // The history's statements run for a while; the app's 5 s limit is for requests.
  const database = await openDatabase(
    "databaseUrl" in source ? { ...source, statementTimeoutMs: 600_000 } : source,
  );
  const { db } = database;
  try {
    const [dept] = await db.insert(departments).values({ name: "Benkmerket" }).returning();
    const deptId = dept!.id;
    const { authSecret, candidates: n } = opts;
    const members = await seedPeople(db, { deptId, count: n, authSecret });
    const [leader] = await seedPeople(db, { deptId, count: 1, authSecret, role: "leader", label: "leder" });
    const staffK = numberedStaff(deptId);
    // The heaviest takers (low k: the history's draws favour them) work part time.
    await db.execute(sql`
      update staff m set position_percent = case when p.k < ${n}::int / 4 then 50
                                                 when p.k < ${n}::int / 2 then 75 else 100 end
      from (${staffK}) p where m.id = p.staff_id`);
    const competenceIds = await seedCompetences(db, deptId);

    const candidateRows = Math.min(opts.history, n * candidateShare);
    const colleagueRows = opts.history - candidateRows;
    const colleagues = colleagueRows > 0 ? Math.max(1, Math.round(colleagueRows / colleagueShare)) : 0;
    const departmentCount = await seedColleagues(db, colleagues);

    // The two years in as many parts as there are cores, written at once: PostgreSQL
    // inserts them side by side (about twice as fast here), PGlite one after another.
    const parts = Math.min(4, os.availableParallelism());
    const partDays = 728 / parts;
    const share = (total: number, part: number) =>
      Math.floor((total * (part + 1)) / parts) - Math.floor((total * part) / parts);
    /** `count` draws of whom (k) and when (at) in the part's stretch of the two years */
    const draws = (count: number, k: SQL, part: number) => sql`
      select ${k} as k, now() - interval '2 days'
               - (${part * partDays}::float8 + random() * ${partDays}::float8) * interval '1 day' as at
      from generate_series(1, ${count}::int)`;
    const pastShift = sql`'extra' as kind, 'Ekstravakt' as title,
      date_trunc('hour', h.at) + interval '1 day' as starts_at,
      date_trunc('hour', h.at) + interval '32 hours' as ends_at, h.at as assigned_at, 'auto' as method`;
    await Promise.all(
      Array.from({ length: parts }, (_, part) =>
        insertAssignedShifts(
          db,
          sql`select p.user_id, p.dept_id, ${pastShift}
              from (${draws(share(candidateRows, part), sql`floor(${n}::int * power(random(), 1.6))::int`, part)}) h
              join (${staffK}) p on p.k = h.k
              union all
              select q.user_id, q.dept_id, ${pastShift}
              from (${draws(share(colleagueRows, part), sql`floor(${colleagues}::int * random())::int`, part)}) h
              join (${numberedColleagues(deptId)}) q on q.k = h.k`,
          (part + 1) / (parts + 1),
        ),
      ),
    );

    const firstDay = Math.floor(Date.now() / dayMs) * dayMs + 2 * dayMs;
    const perSet = opts.warmupShifts + opts.shifts;
    const appSet = opts.warmupShifts + opts.shifts * opts.appRuns;
    const weeks = Math.ceil(Math.max(perSet, appSet) / 3 / 7) + 1;
    // From the week before the benchmark shifts on, every staff member holds an extra
    // shift every week, second or fourth week by contract, assigned in the last two
    // weeks, and every third week a roster shift received in an exchange three days
    // later: busy near a part of the benchmark shifts.
    await insertAssignedShifts(
      db,
      sql`select p.user_id, p.dept_id, u.kind, u.title, t.starts_at, t.starts_at + interval '8 hours' as ends_at,
                 now() - (1 + (p.k + w + 14) % 14) * interval '1 day' as assigned_at, u.method
          from (${staffK}) p
          cross join generate_series(-1, ${weeks}::int) w
          cross join (values ('extra', 'Ekstravakt', 'auto', 0),
                             ('roster', 'Turnusvakt (byttet)', 'swap', 3)) u(kind, title, method, later)
          cross join lateral (
            select ${new Date(firstDay).toISOString()}::timestamptz
                   + (w * 7 + (p.k * 3 + w + 7 + u.later) % 7) * interval '1 day'
                   + (7 + 8 * ((p.k + w + 3) % 3)) * interval '1 hour' as starts_at) t
          where (u.kind = 'extra'
                 and (p.k + w + 8) % (case p.position_percent when 50 then 1 when 75 then 2 else 4 end) = 0)
             or (u.kind = 'roster' and (p.k + w + 3) % 3 = 0)`,
    );

    const appIds = await insertOpenShifts(db, deptId, leader!.id, appSet, firstDay, "Ekstravakt A");
    const baselineIds = opts.baseline
      ? await insertOpenShifts(db, deptId, leader!.id, perSet, firstDay, "Ekstravakt B")
      : [];
    // Every fourth of the app's shifts requires a competence, each in turn.
    const requiring = appIds.flatMap((shiftId, j) =>
      j % 4 === 3
        ? [{ shiftId, competenceId: competenceIds[Math.floor(j / 4) % competenceIds.length]! }]
        : [],
    );
    if (requiring.length > 0) await db.insert(shiftCompetences).values(requiring);
    // Every staff member interested in every benchmark shift, in the days after it opened.
    await db.execute(sql`
      insert into shift_interests (shift_id, user_id, created_at)
      select shifts.id, p.user_id, shifts.published_at + random() * interval '2 days'
      from shifts cross join (${staffK}) p
      where ${inArray(shifts.id, [...appIds, ...baselineIds])}`);

    // The open list: 0 to 100 interested, a different set of people for each shift.
    const listIds = await insertOpenShifts(db, deptId, leader!.id, opts.openShifts, firstDay, "Ledig vakt");
    await db.execute(sql`
      with l as (
        select id, row_number() over (order by starts_at, id)::int as i
        from shifts where ${inArray(shifts.id, listIds)})
      insert into shift_interests (shift_id, user_id, created_at)
      select l.id, p.user_id, now() - random() * interval '3 days'
      from l join (${staffK}) p on (p.k + l.i * 17) % ${n}::int < (l.i * 37) % 101`);

    await countFairness(db);
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
    const warmup = (ids: string[]) => ids.slice(0, opts.warmupShifts);
    const run = (ids: string[], i: number) =>
      ids.slice(opts.warmupShifts + i * opts.shifts, opts.warmupShifts + (i + 1) * opts.shifts);
    return {
      deptId,
      leader: leader!,
      members,
      app: {
        warmup: warmup(appIds),
        measured: Array.from({ length: opts.appRuns }, (_, i) => run(appIds, i)),
      },
      baseline: { warmup: warmup(baselineIds), measured: run(baselineIds, 0) },
      history: {
        candidates: candidateRows,
        colleagues,
        colleagueShifts: colleagueRows,
        departments: departmentCount,
      },
    };
  } finally {
    await database.close();
  }
}
