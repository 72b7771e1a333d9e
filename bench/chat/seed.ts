/**
 * The benchmark's people and threads, written straight into a new database before the
 * server starts (signing in 1,000 people through the API would measure password hashing):
 * one department, `clients` distinct staff each with a live session, `threads` public
 * channels with their people as members, and a history channel holding `readMessages`
 * messages with authors, replies and reactions for the read test. Sessions are rows like
 * better-auth's; the cookie is signed the way better-auth signs it, so the server sees
 * exactly what a signed-in browser sends.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { limits } from "../../common/domain/limits.ts";
import { type DatabaseSource, type Db, openDatabase } from "../../server/db/client.ts";
import {
  chatThreadMembers,
  chatThreads,
  departments,
  profiles,
  session,
  staff,
  user,
} from "../../server/db/schema.ts";
import { sessionCookiePrefix } from "../../server/platform/auth.ts";

export interface BenchUser {
  id: string;
  /** the Cookie header of a signed-in browser */
  cookie: string;
}

export interface Seeded {
  users: BenchUser[];
  /** the realtime channels; user i follows thread i % threads.length */
  threadIds: string[];
  /** the channel with the long history, and its members (who read it) */
  history: { id: string; readers: BenchUser[] };
}

/** Staging names the cookie without the `__Host-` prefix production uses. */
const cookieName = `${sessionCookiePrefix}.session_token`;

/** Rows per insert: well below PostgreSQL's 65,535 parameters. */
const batch = 500;

async function inBatches<T>(rows: T[], write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += batch) await write(rows.slice(i, i + batch));
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
    const people = Array.from({ length: Math.max(opts.clients, opts.readers) }, (_, i) => ({
      id: randomUUID(),
      name: `Testperson ${i + 1}`,
      email: `person${i + 1}@bench.no`,
      emailVerified: true,
    }));
    await inBatches(people, (part) => db.insert(user).values(part));
    await inBatches(people, (part) =>
      db
        .insert(profiles)
        .values(part.map((p) => ({ userId: p.id, fullName: p.name, currentDeptId: deptId }))),
    );
    await inBatches(people, (part) => db.insert(staff).values(part.map((p) => ({ userId: p.id, deptId }))));
    const ids = people.map((p) => p.id);

    const tokens = ids.map(() => randomBytes(24).toString("base64url"));
    const expiresAt = new Date(Date.now() + limits.sessionHours * 3600_000);
    await inBatches(
      ids.map((userId, i) => ({ userId, token: tokens[i]!, expiresAt })),
      (part) => db.insert(session).values(part),
    );
    const users = await Promise.all(
      ids.map(async (id, i) => {
        const token = tokens[i]!;
        const signed = `${token}.${await makeSignature(token, opts.authSecret)}`;
        return { id, cookie: `${cookieName}=${encodeURIComponent(signed)}` };
      }),
    );

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

    await seedHistory(db, historyId, opts.readMessages);
    return { users: users.slice(0, opts.clients), threadIds, history: { id: historyId, readers } };
  } finally {
    await database.close();
  }
}

/**
 * `count` messages in the thread, oldest first, written in turn by its members, of
 * varying length; every fifth replies to the message three before it, every third has
 * one to three reactions by other members.
 */
async function seedHistory(db: Db, threadId: string, count: number) {
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
  // Planner statistics for the freshly filled tables, as autovacuum would soon have them.
  await db.execute(sql`analyze`);
}
