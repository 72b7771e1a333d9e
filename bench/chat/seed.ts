/**
 * The benchmark's people and threads, written straight into a new database before the
 * server starts: one department, `clients` distinct staff each with a live session
 * (lib/people.ts: signed cookies as a browser sends them), `threads` public channels with
 * their people as members, and a history channel holding `readMessages` messages with
 * authors, replies and reactions for the read test.
 */
import { sql } from "drizzle-orm";
import { type DatabaseSource, type Db, openDatabase } from "../../server/db/client.ts";
import { chatThreadMembers, chatThreads, departments } from "../../server/db/schema.ts";
import { type BenchUser, inBatches, seedPeople } from "../lib/people.ts";

export interface Seeded {
  users: BenchUser[];
  /** the realtime channels; user i follows thread i % threads.length */
  threadIds: string[];
  /** the channel with the long history, and its members (who read it) */
  history: { id: string; readers: BenchUser[] };
}

export async function seed(
  source: DatabaseSource,
  opts: { clients: number; threads: number; readers: number; readMessages: number; authSecret: string },
): Promise<Seeded> {
  const database = await openDatabase(source);
  const { db } = database;
  try {
    const [dept] = await db.insert(departments).values({ name: "Benkmerket" }).returning();
    const deptId = dept!.id;
    const users = await seedPeople(db, {
      deptId,
      count: Math.max(opts.clients, opts.readers),
      authSecret: opts.authSecret,
    });

    const threads = await db
      .insert(chatThreads)
      .values(
        Array.from({ length: opts.threads + 1 }, (_, i) => ({
          kind: "channel" as const,
          deptId,
          name: i < opts.threads ? `Kanal ${i + 1}` : "Historikk",
          isPublic: true,
        })),
      )
      .returning({ id: chatThreads.id, name: chatThreads.name });
    const threadIds = threads.filter((t) => t.name !== "Historikk").map((t) => t.id);
    const historyId = threads.find((t) => t.name === "Historikk")!.id;
    const readers = users.slice(0, opts.readers);
    await inBatches(
      [
        ...users
          .slice(0, opts.clients)
          .map((u, i) => ({ threadId: threadIds[i % opts.threads]!, userId: u.id })),
        ...readers.map((u) => ({ threadId: historyId, userId: u.id })),
      ],
      (part) => db.insert(chatThreadMembers).values(part),
    );

    await writeHistory(db, historyId, opts.readMessages);
    await settle(db);
    return { users: users.slice(0, opts.clients), threadIds, history: { id: historyId, readers } };
  } finally {
    await database.close();
  }
}

/**
 * `count` messages in the thread, oldest first, written in turn by its members, of
 * varying length ('Melding <n>: …', n from 1, the oldest); every fifth replies to the
 * message three before it, every third has one to three reactions by other members.
 */
export async function writeHistory(db: Db, threadId: string, count: number) {
  await db.execute(sql`
    with m as (
      select user_id, row_number() over (order by user_id) - 1 as k
      from chat_thread_members where thread_id = ${threadId}
    )
    insert into chat_messages (thread_id, author_id, content, created_at)
    select ${threadId}, m.user_id,
           'Melding ' || i || ': ' || repeat('pasient på stue ' || (i % 12) || ', ', 1 + i % 6),
           now() - make_interval(secs => ${count} - i)
    from generate_series(1, ${count}::int) i
    join m on m.k = i % (select count(*) from m)
    order by i`);
  await db.execute(sql`
    with n as (
      select id, row_number() over (order by seq) as r from chat_messages where thread_id = ${threadId}
    )
    update chat_messages c set reply_to_id = p.id
    from n cur join n p on p.r = cur.r - 3
    where c.id = cur.id and cur.r % 5 = 0`);
  await db.execute(sql`
    with n as (
      select id, row_number() over (order by seq) as r from chat_messages where thread_id = ${threadId}
    ), m as (
      select user_id, row_number() over (order by user_id) - 1 as k
      from chat_thread_members where thread_id = ${threadId}
    )
    insert into chat_message_reactions (message_id, user_id, emoji)
    select n.id, m.user_id, (array['👍', '❤️', '😂'])[e]
    from n cross join generate_series(1, 3) e
    join m on m.k = (n.r + e) % (select count(*) from m)
    where n.r % 3 = 0 and e <= 1 + (n.r / 3) % 3`);
}

/**
 * A settled database, as the allocation seed leaves one: planner statistics and
 * visibility maps as autovacuum keeps them, and the seed's WAL written out. Otherwise
 * autovacuum's pass over the new history and the checkpoint the seed sets off ran
 * during whichever server was measured first.
 */
export async function settle(db: Db) {
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
}
