/**
 * The search benchmark's hospital, written in SQL into a new database before the server
 * starts:
 *  - `departments` departments of `staff` people each (lib/people.ts: user, profile, staff
 *    record and a live session; person k of department d is `d<d>p<k>@bench.no`);
 *  - per department its department thread, three shift threads a day (day, evening, night)
 *    for the last `days` days, six channels (four public, two private with the first
 *    twelve people as members) and a direct thread between each person and the next four;
 *  - `messages` messages spread evenly over the departments, a quarter each in the
 *    department thread, the shift threads, the channels and the direct threads, over the
 *    last `days` days (a shift thread's within its eight hours), written by the thread's
 *    people (all of the department for the department thread and public channels),
 *    their text Norwegian ward chat (words.ts); every 40th message came with a file
 *    (the name only: no search reads the bytes).
 * The messages go in `batches` statements of `insert … select … from generate_series`,
 * one slice of the time span each, oldest first and in time order within a slice: `seq`
 * follows time, and each department's messages lie spread over the table's pages as a
 * live hospital's do. Random draws are seeded per slice (`setseed`), so every seed writes
 * the same text.
 *
 * How the messages are written (`bulk`):
 *  - false: as the app writes them: the trigger fills `dept_id` per row, the foreign keys
 *    are checked per row, both search indexes (GIN on the full-text document, the
 *    department's messages newest first) take every row as it comes, and each
 *    statement's words go into `search_words` (its trigger);
 *  - true: the two search indexes are dropped first and built again afterwards (with 1 GB
 *    of maintenance_work_mem), and as superuser the rows go in with
 *    `session_replication_role = replica` (no trigger, no per-row key checks: `dept_id` is
 *    given; the rows agree with their keys by construction), `search_words` filled after
 *    them as the migration fills it. The generated full-text column is computed either way.
 * Afterwards VACUUM ANALYZE and a CHECKPOINT (chat/seed.ts `settle`). The seed's own
 * table `bench_staff` (department and person numbers of each user) stays, so that a kept
 * database's clients can be found again (`searchUsers`).
 */
import { sql } from "drizzle-orm";
import { limits } from "../../common/base/limits.ts";
import type { Db } from "../../server/db/client.ts";
import { departments as departmentsTable } from "../../server/db/schema.ts";
import { settle } from "../chat/seed.ts";
import { type BenchUser, seedPeople, sessionCookie } from "../lib/people.ts";
import { messageSlots, messageTextFunction } from "./words.ts";

export interface SearchSeedOptions {
  messages: number;
  departments: number;
  /** people per department */
  staff: number;
  /** days of history */
  days: number;
  batches: number;
  bulk: boolean;
  authSecret: string;
}

export interface SeedStep {
  name: string;
  ms: number;
  /** rows written, where it says something */
  rows?: number;
}

/** Channels of every department: public ones first. */
const channels = {
  public: ["Sengepost", "Vaktbytte", "Fag", "Sosialt"],
  private: ["Ledergruppen", "Medisinansvar"],
};
const privateMembers = 12;
const directPartners = 4;
const searchIndexes = ["chat_messages_search_idx", "chat_messages_dept_seq_idx"];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function timed(steps: SeedStep[], name: string, work: () => Promise<number | undefined>) {
  const started = performance.now();
  const rows = await work();
  steps.push({ name, ms: performance.now() - started, ...(rows === undefined ? {} : { rows }) });
  return steps.at(-1)!;
}

/** Direct threads per department: each person with the next `directPartners`. */
const directThreads = (staff: number) => {
  let n = 0;
  for (let a = 1; a <= staff; a++) n += Math.min(directPartners, staff - a);
  return n;
};

/**
 * Writes the hospital (see above) and reports each step as it ends (`say`); the steps'
 * times come back too.
 */
export async function seedSearch(
  db: Db,
  opts: SearchSeedOptions,
  say: (step: SeedStep) => void,
): Promise<SeedStep[]> {
  const steps: SeedStep[] = [];
  const step = async (name: string, work: () => Promise<number | undefined>) =>
    say(await timed(steps, name, work));
  const D = opts.departments;
  const S = opts.staff;
  const channelCount = channels.public.length + channels.private.length;

  await step("people and sessions", async () => {
    const depts = await db
      .insert(departmentsTable)
      .values(Array.from({ length: D }, (_, d) => ({ name: `Avdeling ${d + 1}` })))
      .returning({ id: departmentsTable.id });
    await db.execute(
      sql`create table bench_staff (dno int, k int, user_id uuid, dept_id uuid, primary key (dno, k))`,
    );
    for (const [d, dept] of depts.entries()) {
      const people = await seedPeople(db, {
        deptId: dept.id,
        count: S,
        authSecret: opts.authSecret,
        label: `d${d + 1}p`,
      });
      await db.execute(sql`
        insert into bench_staff (dno, k, user_id, dept_id)
        select ${d + 1}::int, k::int, id::uuid, ${dept.id}::uuid
        from unnest(${`{${people.map((p) => p.id).join(",")}}`}::uuid[]) with ordinality p(id, k)`);
    }
    return D * S;
  });

  await step("threads and members", async () => {
    // The message counts per thread of each kind; the department thread takes the rest.
    const perDept = Math.floor(opts.messages / D);
    const extra = opts.messages - perDept * D;
    const quarter = perDept / 4;
    const counts = {
      shift: Math.floor(quarter / (3 * opts.days)),
      channel: Math.floor(quarter / channelCount),
      direct: Math.floor(quarter / directThreads(S)),
    };
    const others =
      counts.shift * 3 * opts.days + counts.channel * channelCount + counts.direct * directThreads(S);
    const allStaff = sql`(select array_agg(user_id order by k) from bench_staff s where s.dno = d.dno)`;
    await db.execute(sql`
      create table bench_threads (id uuid primary key, dno int, dept_id uuid, kind text, count int,
                                  writers uuid[], shift_start timestamptz, slice int)`);
    await db.execute(sql`
      create table bench_depts as
      select dno, dept_id from bench_staff where k = 1`);
    // Department threads and channels.
    const channelRows = [
      ...channels.public.map((name) => [name, true] as const),
      ...channels.private.map((name) => [name, false] as const),
    ];
    await db.execute(sql`
      with g as materialized (
        select gen_random_uuid() as id, d.dno, d.dept_id, c.kind, c.name, c.is_public,
               case when c.kind = 'department' then ${perDept}::int - ${others}::int + (d.dno <= ${extra}::int)::int
                    else ${counts.channel}::int end as count,
               case when c.is_public or c.kind = 'department' then ${allStaff}
                    else (select array_agg(user_id order by k) from bench_staff s where s.dno = d.dno and s.k <= ${privateMembers}::int) end as writers
        from bench_depts d,
             (select 'department' as kind, null as name, false as is_public
              union all select 'channel', name, is_public
              from json_to_recordset(${JSON.stringify(channelRows.map(([name, isPublic]) => ({ name, is_public: isPublic })))}::json)
                   as x(name text, is_public boolean)) c),
      t as (
        insert into chat_threads (id, kind, dept_id, name, is_public)
        select id, kind, dept_id, name, is_public from g)
      insert into bench_threads (id, dno, dept_id, kind, count, writers)
      select id, dno, dept_id, kind, count, writers from g`);
    // Shift threads: three a day, the first five people of a rota as its people.
    await db.execute(sql`
      with g as materialized (
        select gen_random_uuid() as id, d.dno, d.dept_id, h, b, start,
               (select array_agg(user_id order by k) from bench_staff s
                where s.dno = d.dno and (s.k - 1 - (h * 3 + b) * 5 % ${S}::int + ${S}::int) % ${S}::int < 5) as writers
        from bench_depts d, generate_series(1, ${opts.days}::int) h, generate_series(0, 2) b,
             lateral (select ((current_date - h) + time '07:00' + b * interval '8 hours')
                             at time zone 'Europe/Oslo' as start) t),
      t as (
        insert into chat_threads (id, kind, dept_id, name, shift_block, shift_date, shift_starts_at, shift_ends_at)
        select id, 'shift', dept_id, (array['Dagvakt', 'Kveldsvakt', 'Nattevakt'])[b + 1],
               (array['day', 'evening', 'night'])[b + 1], current_date - h, start, start + interval '8 hours'
        from g)
      insert into bench_threads (id, dno, dept_id, kind, count, writers, shift_start, slice)
      select id, dno, dept_id, 'shift', ${counts.shift}::int, writers, start,
             least(${opts.batches - 1}::int, floor((1 - h::float8 / ${opts.days}::int) * ${opts.batches}::int)::int)
      from g`);
    // Direct threads: each person with the next four.
    await db.execute(sql`
      with g as materialized (
        select gen_random_uuid() as id, d.dno, d.dept_id,
               least(a.user_id, b.user_id) as low, greatest(a.user_id, b.user_id) as high
        from bench_depts d
        join bench_staff a on a.dno = d.dno
        join bench_staff b on b.dno = d.dno and b.k > a.k and b.k <= a.k + ${directPartners}::int),
      t as (
        insert into chat_threads (id, kind, dept_id, direct_low_id, direct_high_id)
        select id, 'direct', dept_id, low, high from g)
      insert into bench_threads (id, dno, dept_id, kind, count, writers)
      select id, dno, dept_id, 'direct', ${counts.direct}::int, array[low, high] from g`);
    await db.execute(sql`
      insert into chat_thread_members (thread_id, user_id)
      select id, unnest(writers) from bench_threads`);
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from bench_threads`));
    return row!.n;
  });

  await db.execute(sql.raw(messageTextFunction()));
  const definitions = rowsOf<{ indexdef: string }>(
    await db.execute(sql`
      select indexdef from pg_indexes
      where tablename = 'chat_messages' and indexname in (${sql.join(
        searchIndexes.map((i) => sql`${i}`),
        sql`, `,
      )})`),
  ).map((r) => r.indexdef);
  const [role] = rowsOf<{ super: boolean }>(
    await db.execute(sql`select rolsuper as super from pg_roles where rolname = current_user`),
  );
  const replica = opts.bulk && Boolean(role?.super);
  if (opts.bulk)
    await step("drop the search indexes", async () => {
      for (const index of searchIndexes) await db.execute(sql.raw(`drop index ${index}`));
      return undefined;
    });

  const B = opts.batches;
  const spanDays = opts.days;
  for (let b = 0; b < B; b++) {
    await step(`messages ${b + 1}/${B}`, async () => {
      const rows = await db.transaction(async (tx) => {
        if (replica) await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`select setseed(${(b + 1) / (B + 1)})`);
        const result = await tx.execute(sql`
          insert into chat_messages (thread_id, dept_id, author_id, content, created_at, revised_at)
          select thread_id, dept_id, author, bench_search_text(slots), at, at from (
            select t.id as thread_id, t.dept_id,
                   t.writers[1 + floor(random() * cardinality(t.writers))::int] as author,
                   ${sql.raw(messageSlots)} as slots,
                   case when t.kind = 'shift' then t.shift_start + random() * interval '8 hours'
                        else now() - ${spanDays}::int * interval '1 day'
                             + ${spanDays}::int * interval '1 day' * ((i - 1 + random()) / t.count) end as at
            from bench_threads t,
                 lateral generate_series(
                   case when t.kind = 'shift' then 1 else t.count * ${b}::int / ${B}::int + 1 end,
                   case when t.kind = 'shift' then t.count else t.count * ${b + 1}::int / ${B}::int end) i
            where t.kind <> 'shift' or t.slice = ${b}::int
          ) m
          order by at`);
        return (result as unknown as { rowCount: number }).rowCount;
      });
      return rows;
    });
  }
  if (opts.bulk)
    await step("build the search indexes", async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
        for (const definition of definitions) await tx.execute(sql.raw(definition));
        // The words' trigger did not run under `replica`.
        if (replica)
          await tx.execute(sql`
            insert into search_words (dept_id, word)
            select distinct m.dept_id, w from chat_messages m, search_words_of(m.content) w
            where m.deleted_at is null
            on conflict do nothing`);
      });
      return undefined;
    });

  await step("files", async () => {
    const result = await db.execute(sql`
      insert into chat_message_attachments (thread_id, message_id, uploaded_by, storage_key, name, kind,
                                            mime_type, byte_size, created_at)
      select thread_id, id, author_id, 'bench/' || id, f.name, f.kind, f.mime, 20000 + seq % 500000, created_at
      from chat_messages m,
           lateral (select (array['vaktliste-uke-' || (seq / 40 % 52 + 1) || '.pdf', 'pumpeinstruks-alaris.pdf',
                                  'IMG-' || seq || '.jpg', 'rutine-smittevern.pdf', 'overlevering-skjema.docx',
                                  'turnus-høst.xlsx'])[1 + seq / 40 % 6] as name,
                           (array['pdf', 'pdf', 'jpeg', 'pdf', 'docx', 'xlsx'])[1 + seq / 40 % 6] as kind,
                           (array['application/pdf', 'application/pdf', 'image/jpeg', 'application/pdf',
                                  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                                  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])[1 + seq / 40 % 6] as mime) f
      where seq % 40 = 0`);
    return (result as unknown as { rowCount: number }).rowCount;
  });

  await step("vacuum analyze, checkpoint", async () => {
    await db.execute(sql`drop table bench_threads`);
    await db.execute(sql`drop table bench_depts`);
    await db.execute(sql`drop function bench_search_text`);
    await settle(db);
    return undefined;
  });
  return steps;
}

export interface SearchUser extends BenchUser {
  deptId: string;
}

/**
 * The benchmark's clients: client i is person 1 + ⌊i / departments⌋ of department
 * 1 + (i mod departments), so 20 clients sit in 20 departments. Their sessions (the
 * seed's, or a kept database's: made live again) signed with `authSecret`.
 */
export async function searchUsers(db: Db, clients: number, authSecret: string): Promise<SearchUser[]> {
  const wanted = rowsOf<{ dno: number }>(await db.execute(sql`select max(dno)::int as dno from bench_staff`));
  const D = wanted[0]?.dno ?? 0;
  const keys = Array.from({ length: clients }, (_, i) => ({ dno: 1 + (i % D), k: 1 + Math.floor(i / D) }));
  const rows = rowsOf<{ dno: number; k: number; user_id: string; dept_id: string; token: string }>(
    await db.execute(sql`
      update session s set expires_at = now() + ${limits.sessionHours}::int * interval '1 hour', last_active_at = now()
      from bench_staff p
      where s.user_id = p.user_id
        and (p.dno, p.k) in (select * from json_to_recordset(${JSON.stringify(keys)}::json) as x(dno int, k int))
      returning p.dno, p.k, p.user_id, p.dept_id, s.token`),
  );
  const byKey = new Map(rows.map((r) => [`${r.dno}/${r.k}`, r]));
  return Promise.all(
    keys.map(async ({ dno, k }) => {
      const row = byKey.get(`${dno}/${k}`);
      if (!row) throw new Error(`person ${k} of department ${dno} has no session`);
      return { id: row.user_id, deptId: row.dept_id, cookie: await sessionCookie(row.token, authSecret) };
    }),
  );
}
