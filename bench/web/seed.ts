/**
 * The web benchmark's data, written straight into a new database before the server
 * starts: per thread size asked for, a department of its own with a few signed-in
 * people and its department thread holding that many messages (chat/seed.ts's history:
 * authors in turn, replies, reactions). The first person of each department is the
 * reader the browser signs in as.
 */
import { type DatabaseSource, openDatabase } from "../../server/db/client.ts";
import { chatThreadMembers, chatThreads, departments } from "../../server/db/schema.ts";
import { settle, writeHistory } from "../chat/seed.ts";
import { type BenchUser, seedPeople } from "../lib/people.ts";

/** Authors per thread: enough that messages group and alternate as in a ward's chat. */
const authors = 6;

export async function seedDepartmentThreads(
  source: DatabaseSource,
  opts: { sizes: number[]; authSecret: string },
): Promise<BenchUser[]> {
  const database = await openDatabase(source);
  const { db } = database;
  try {
    const readers: BenchUser[] = [];
    for (const [i, size] of opts.sizes.entries()) {
      const [dept] = await db
        .insert(departments)
        .values({ name: `Benkmerket ${i + 1}` })
        .returning();
      const people = await seedPeople(db, {
        deptId: dept!.id,
        count: authors,
        authSecret: opts.authSecret,
        label: `web${i + 1}-`,
      });
      const [thread] = await db
        .insert(chatThreads)
        .values({ kind: "department", deptId: dept!.id, createdBy: people[0]!.id })
        .returning({ id: chatThreads.id });
      await db.insert(chatThreadMembers).values(people.map((p) => ({ threadId: thread!.id, userId: p.id })));
      await writeHistory(db, thread!.id, size);
      readers.push(people[0]!);
    }
    await settle(db);
    return readers;
  } finally {
    await database.close();
  }
}
