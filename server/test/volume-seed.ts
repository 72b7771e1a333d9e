/**
 * A hospital's worth of history written in SQL (generate_series), for the list-query
 * plan check (server/test/list-queries.ts): departments of staff with a leader each (the
 * first person is the admin), their department threads, channels, direct messages and
 * a year of shift threads, messages spread over them with reactions, files and read positions,
 * and years of extra shifts assigned with their interests, swap offers and deals,
 * notifications and an audit log. The same statements fill the CI test's small database
 * and the benchmark's million messages and million assignments (bench/volume.ts).
 *
 * Ids are derived from names (person n is `volume_uuid('u' || n)`, in JavaScript
 * `volumeId("u" + n)`), so one statement can name the rows another wrote without reading
 * them back. Person n works in department
 * (n − 1) / perDept + 1; within it, number 2 leads it and number 3 is the member whose
 * lists the check reads.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export interface VolumeScale {
  departments: number;
  perDept: number;
  /** per department */
  channels: number;
  /** members of each channel: the department's first so many people */
  channelMembers: number;
  /** direct threads: each person with the next so many of the department */
  directPartners: number;
  /** days of shift threads (three blocks a day) before today */
  shiftThreadDays: number;
  /** messages per thread, by kind */
  messages: { department: number; channel: number; direct: number; shift: number };
  /** assigned shifts in the past, per department (one assignment each) */
  pastShifts: number;
  /** future shifts per department: open ones (with interest), drafts, assigned ones */
  future: { open: number; drafts: number; assigned: number };
  notificationsPerPerson: number;
  auditEntries: number;
}

/** Messages the scale writes in all. */
export function messageCount(s: VolumeScale): number {
  const perDept =
    s.messages.department +
    s.channels * s.messages.channel +
    directThreadsPerDept(s) * s.messages.direct +
    3 * s.shiftThreadDays * s.messages.shift;
  return perDept * s.departments;
}

function directThreadsPerDept(s: VolumeScale): number {
  let n = 0;
  for (let a = 1; a <= s.perDept; a++) n += Math.min(s.directPartners, s.perDept - a);
  return n;
}

export const person = (dept: number, k: number, s: VolumeScale) => (dept - 1) * s.perDept + k;
/** The id the seed gave `key`: its md5 made a version 4 UUID, as the API's validation wants. */
export function volumeId(key: string): string {
  const hex = createHash("md5").update(key).digest("hex");
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return `${v4.slice(0, 8)}-${v4.slice(8, 12)}-${v4.slice(12, 16)}-${v4.slice(16, 20)}-${v4.slice(20)}`;
}

const idFunction = `create function volume_uuid(key text) returns uuid language sql immutable
  as $$ select overlay(overlay(md5(key) placing '4' from 13) placing '8' from 17)::uuid $$`;

/**
 * The statements, each a step with its name (the benchmark times them). Numbers are the
 * scale's, written into the text: generate_series bounds planned as constants.
 */
export function volumeSteps(s: VolumeScale): { name: string; statements: string[] }[] {
  const S = s.perDept;
  const D = s.departments;
  const people = D * S;
  // Person `k` of the department numbered by the SQL expression `d`.
  const uid = (d: string, k: string) => `volume_uuid('u' || ((${d} - 1) * ${S} + ${k}))`;
  const deptNo = "split_part(dep.name, ' ', 2)::int";
  return [
    {
      name: "people",
      statements: [
        idFunction,
        `insert into departments (id, name) select volume_uuid('d' || d), 'Avdeling ' || d from generate_series(1, ${D}) d`,
        `insert into "user" (id, name, email, email_verified)
         select volume_uuid('u' || n), 'Person ' || n, 'p' || n || '@volum.no', true from generate_series(1, ${people}) n`,
        `insert into profiles (user_id, full_name, first_name, last_name, current_dept_id)
         select volume_uuid('u' || n), 'Person ' || n, 'Person', n::text, volume_uuid('d' || ((n - 1) / ${S} + 1))
         from generate_series(1, ${people}) n`,
        `insert into staff (user_id, dept_id, role)
         select volume_uuid('u' || n), volume_uuid('d' || ((n - 1) / ${S} + 1)),
                case when n = 1 then 'admin' when (n - 1) % ${S} = 1 then 'leader' else 'staff' end
         from generate_series(1, ${people}) n`,
      ],
    },
    {
      name: "threads and members",
      statements: [
        `insert into chat_threads (id, kind, dept_id)
         select volume_uuid('td' || d), 'department', volume_uuid('d' || d) from generate_series(1, ${D}) d`,
        `insert into chat_threads (id, kind, dept_id, name, is_public, created_by)
         select volume_uuid('tc' || d || '-' || c), 'channel', volume_uuid('d' || d), 'Kanal ' || c, c % 3 <> 0, ${uid("d", "2")}
         from generate_series(1, ${D}) d, generate_series(1, ${s.channels}) c`,
        `insert into chat_threads (id, kind, dept_id, direct_low_id, direct_high_id)
         select volume_uuid('tm' || d || '-' || a || '-' || j), 'direct', volume_uuid('d' || d),
                least(${uid("d", "a")}, ${uid("d", "a + j")}), greatest(${uid("d", "a")}, ${uid("d", "a + j")})
         from generate_series(1, ${D}) d, generate_series(1, ${S}) a, generate_series(1, ${s.directPartners}) j
         where a + j <= ${S}`,
        `insert into chat_threads (id, kind, dept_id, name, shift_block, shift_date, shift_starts_at, shift_ends_at)
         select volume_uuid('ts' || d || '-' || h || '-' || b), 'shift', volume_uuid('d' || d),
                (array['Dagvakt', 'Kveldsvakt', 'Nattevakt'])[b], (array['day', 'evening', 'night'])[b],
                current_date - h, start, start + interval '8 hours'
         from generate_series(1, ${D}) d, generate_series(1, ${s.shiftThreadDays}) h, generate_series(1, 3) b,
              lateral (select ((current_date - h) + time '07:00' + (b - 1) * interval '8 hours')
                              at time zone 'Europe/Oslo' as start) t`,
        `insert into chat_thread_members (thread_id, user_id)
         select volume_uuid('td' || ((n - 1) / ${S} + 1)), volume_uuid('u' || n) from generate_series(1, ${people}) n`,
        `insert into chat_thread_members (thread_id, user_id)
         select volume_uuid('tc' || d || '-' || c), ${uid("d", "k")}
         from generate_series(1, ${D}) d, generate_series(1, ${s.channels}) c, generate_series(1, ${s.channelMembers}) k`,
        `insert into chat_thread_members (thread_id, user_id)
         select id, direct_low_id from chat_threads where kind = 'direct'
         union all select id, direct_high_id from chat_threads where kind = 'direct'`,
        // A shift thread's members: the department's first five, who wrote in it.
        `insert into chat_thread_members (thread_id, user_id)
         select t.id, ${uid(deptNo, "k")}
         from chat_threads t join departments dep on dep.id = t.dept_id, generate_series(1, 5) k
         where t.kind = 'shift'`,
      ],
    },
    {
      name: "messages",
      statements: [
        // Oldest first, so `seq` follows time as it does when people write them; a thread's
        // messages spread over the last year (a shift thread's over its eight hours).
        `insert into chat_messages (thread_id, author_id, content, created_at, revised_at)
         select thread, author, content, at, at from (
           select t.id as thread,
                  case when t.kind = 'direct' then (case when i % 2 = 0 then t.direct_low_id else t.direct_high_id end)
                       else ${uid(deptNo, `1 + (i * 7 + ${deptNo}) % ${S}`)} end as author,
                  'Melding ' || i || ': ' || repeat('pasient på stue ' || (i % 12) || ', ', 1 + i % 6) as content,
                  coalesce(t.shift_ends_at, now())
                    - (case when t.kind = 'shift' then interval '8 hours' else interval '365 days' end)
                      * ((n.count - i)::float8 / n.count) as at
           from chat_threads t join departments dep on dep.id = t.dept_id,
                lateral (select case t.kind when 'department' then ${s.messages.department}
                                            when 'channel' then ${s.messages.channel}
                                            when 'direct' then ${s.messages.direct}
                                            else ${s.messages.shift} end as count) n,
                generate_series(1, n.count) i
         ) m order by at`,
        // Every fourth message has a reaction, every eighth a second one.
        `insert into chat_message_reactions (message_id, user_id, emoji, created_at)
         select m.id, ${uid(deptNo, `1 + (m.seq + e) % ${S}`)}, (array['👍', '❤️'])[e], m.created_at
         from chat_messages m join chat_threads t on t.id = m.thread_id join departments dep on dep.id = t.dept_id,
              generate_series(1, 2) e
         where m.seq % 4 = 0 and (e = 1 or m.seq % 8 = 0)`,
        // Every fiftieth message came with a file (its bytes are not there: no list reads them).
        `insert into chat_message_attachments (thread_id, message_id, uploaded_by, storage_key, name, kind,
                                               mime_type, byte_size, created_at)
         select thread_id, id, author_id, 'volume/' || id, 'vaktliste.pdf', 'pdf', 'application/pdf', 20000, created_at
         from chat_messages where seq % 50 = 0`,
        // Read positions: most people near the end of their threads, some further back.
        `update chat_thread_members mem set last_read_seq = greatest(0, x.last - (hashtext(mem.user_id::text) & 7) * 40)
         from (select thread_id, max(seq) as last from chat_messages group by thread_id) x
         where x.thread_id = mem.thread_id`,
      ],
    },
    {
      name: "shifts, interests and assignments",
      statements: [
        // Past shifts, spread over three years, every tenth a roster shift (swaps). The big
        // inserts go in key order: the indexes and foreign-key checks then walk their pages
        // in turn instead of at random (the shift step took 8 minutes unordered).
        `insert into shifts (id, dept_id, kind, title, location, starts_at, ends_at, status, created_at, published_at)
         select volume_uuid('s' || d || '-' || i), volume_uuid('d' || d),
                case when i % 10 = 0 then 'roster' else 'extra' end, 'Ekstravakt', 'Sengepost',
                st, st + interval '8 hours', 'assigned', st - interval '15 days', st - interval '14 days'
         from generate_series(1, ${D}) d, generate_series(1, ${s.pastShifts}) i,
              lateral (select date_trunc('hour', now() - interval '3 years' * ((${s.pastShifts} - i + 1)::float8 / ${s.pastShifts})) as st) t
         order by 1`,
        `insert into shifts (id, dept_id, kind, title, location, starts_at, ends_at, status, created_at, published_at)
         select volume_uuid(f.key || d || '-' || i), volume_uuid('d' || d),
                case when f.key = 'sf' and i % 2 = 0 then 'roster' else 'extra' end, 'Ekstravakt', 'Sengepost',
                st, st + interval '8 hours', f.status, now() - interval '2 days',
                case when f.status = 'draft' then null else now() - interval '1 day' end
         from generate_series(1, ${D}) d,
              (values ('so', 'open', ${s.future.open}), ('sd', 'draft', ${s.future.drafts}),
                      ('sf', 'assigned', ${s.future.assigned})) f(key, status, count),
              generate_series(1, f.count) i,
              lateral (select date_trunc('hour', now()) + interval '1 day' + (i * 11 + length(f.key)) * interval '1 hour' as st) t`,
        `insert into shift_assignments (id, shift_id, user_id, assigned_at, method)
         select volume_uuid('a' || d || '-' || i), volume_uuid('s' || d || '-' || i), ${uid("d", `1 + (i * 13) % ${S}`)},
                date_trunc('hour', now() - interval '3 years' * ((${s.pastShifts} - i + 1)::float8 / ${s.pastShifts})) - interval '3 days',
                (array['auto', 'manual', 'swap'])[1 + i % 3]
         from generate_series(1, ${D}) d, generate_series(1, ${s.pastShifts}) i
         order by 2`,
        `insert into shift_assignments (id, shift_id, user_id, method)
         select volume_uuid('af' || d || '-' || i), volume_uuid('sf' || d || '-' || i), ${uid("d", `1 + i % ${S}`)}, 'manual'
         from generate_series(1, ${D}) d, generate_series(1, ${s.future.assigned}) i`,
        // Every third was assigned automatically: its run, the two interested its candidates
        // (the snapshot, which only that shift's audit reads, left empty).
        `insert into shift_allocation_runs (shift_id, winner_user_id, snapshot, min_rest_hours, created_at,
           candidate_ids, candidate_fairness, candidate_tie_breaks, candidate_ranks, candidate_ineligible)
         select volume_uuid('s' || d || '-' || i), ${uid("d", `1 + (i * 13) % ${S}`)}, '{}', 11, now(),
                array[${uid("d", `1 + (i * 13) % ${S}`)}, ${uid("d", `1 + (i * 13 + 5) % ${S}`)}], array[0, 1],
                array[gen_random_uuid(), gen_random_uuid()], array[1, 2], array[null, null]::text[]
         from generate_series(1, ${D}) d, generate_series(3, ${s.pastShifts}, 3) i
         order by 1`,
        // A past shift's interested: its holder and one colleague.
        `insert into shift_interests (shift_id, user_id, created_at)
         select volume_uuid('s' || d || '-' || i), ${uid("d", `1 + (i * 13 + j * 5) % ${S}`)},
                now() - interval '3 years' * ((${s.pastShifts} - i + 1)::float8 / ${s.pastShifts}) - interval '10 days' + j * interval '1 minute'
         from generate_series(1, ${D}) d, generate_series(1, ${s.pastShifts}) i, generate_series(0, 1) j
         order by 1`,
        `insert into shift_interests (shift_id, user_id, created_at)
         select volume_uuid('so' || d || '-' || i), ${uid("d", `1 + (i + j * 3) % ${S}`)}, now() - interval '1 day' + j * interval '1 minute'
         from generate_series(1, ${D}) d, generate_series(1, ${s.future.open}) i, generate_series(0, 4) j`,
      ],
    },
    {
      name: "swaps",
      statements: [
        // Half the past roster shifts were offered; half of those went to a colleague.
        `insert into swap_offers (id, owner_id, dept_id, from_assignment_id, visibility, status, created_at, closed_at)
         select volume_uuid('op' || d || '-' || i), ${uid("d", `1 + (i * 13) % ${S}`)}, volume_uuid('d' || d),
                volume_uuid('a' || d || '-' || i), 'dept', case when i % 40 = 0 then 'matched' else 'cancelled' end,
                st - interval '20 days', st - interval '10 days'
         from generate_series(1, ${D}) d, generate_series(20, ${s.pastShifts}, 20) i,
              lateral (select now() - interval '3 years' * ((${s.pastShifts} - i + 1)::float8 / ${s.pastShifts}) as st) t`,
        `insert into swap_deals (offer_id, dept_id, owner_id, proposer_id, owner_assignment_id, source, status,
                                 created_at, answered_at, decided_at, decided_by)
         select volume_uuid('op' || d || '-' || i), volume_uuid('d' || d), ${uid("d", `1 + (i * 13) % ${S}`)},
                ${uid("d", `1 + (i * 13 + 5) % ${S}`)}, volume_uuid('a' || d || '-' || i), 'claim', 'approved',
                st - interval '19 days', st - interval '18 days', st - interval '17 days', ${uid("d", "2")}
         from generate_series(1, ${D}) d, generate_series(40, ${s.pastShifts}, 40) i,
              lateral (select now() - interval '3 years' * ((${s.pastShifts} - i + 1)::float8 / ${s.pastShifts}) as st) t`,
        // Every future roster shift is on the market; every other one has a colleague's answer.
        `insert into swap_offers (id, owner_id, dept_id, from_assignment_id, visibility, require_swap)
         select volume_uuid('of' || d || '-' || i), ${uid("d", `1 + i % ${S}`)}, volume_uuid('d' || d),
                volume_uuid('af' || d || '-' || i), 'dept', false
         from generate_series(1, ${D}) d, generate_series(2, ${s.future.assigned}, 2) i`,
        `insert into swap_deals (offer_id, dept_id, owner_id, proposer_id, owner_assignment_id, source, status, answered_at)
         select volume_uuid('of' || d || '-' || i), volume_uuid('d' || d), ${uid("d", `1 + i % ${S}`)},
                ${uid("d", `1 + (i + 1) % ${S}`)}, volume_uuid('af' || d || '-' || i), 'claim',
                case when i % 4 = 0 then 'waiting_owner' else 'waiting_leader' end,
                case when i % 4 = 0 then null else now() end
         from generate_series(1, ${D}) d, generate_series(2, ${s.future.assigned}, 2) i`,
      ],
    },
    {
      name: "notifications and audit",
      statements: [
        `insert into notifications (recipient_user_id, type, payload, created_at, read_at)
         select volume_uuid('u' || n), 'shift_published',
                jsonb_build_object('shiftId', volume_uuid('so1-1'), 'title', 'Ekstravakt', 'startsAt', now()),
                now() - j * interval '7 hours', case when j > 3 then now() end
         from generate_series(1, ${people}) n, generate_series(1, ${s.notificationsPerPerson}) j`,
        `insert into admin_audit_log (actor_user_id, action, target_type, target_id, created_at)
         select volume_uuid('u' || (1 + i % ${people})), 'user.avatar', 'user', volume_uuid('u' || (1 + i * 7 % ${people}))::text,
                now() - interval '3 years' * ((${s.auditEntries} - i)::float8 / ${s.auditEntries})
         from generate_series(1, ${s.auditEntries}) i`,
        "drop function volume_uuid",
      ],
    },
  ];
}

/** Writes the scale's history into `db` (new, migrated) and gives each step's time in ms. */
export async function seedVolume(db: Db, s: VolumeScale): Promise<{ name: string; ms: number }[]> {
  const times: { name: string; ms: number }[] = [];
  for (const step of volumeSteps(s)) {
    const started = performance.now();
    for (const statement of step.statements) await db.execute(sql.raw(statement));
    times.push({ name: step.name, ms: performance.now() - started });
  }
  return times;
}
