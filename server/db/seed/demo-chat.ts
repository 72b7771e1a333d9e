/**
 * Chat history for the demo department (staging, empty database only): the department
 * thread, a direct thread between Kari and Ola, a public and a private channel. Times
 * are yesterday and today, so the date dividers show; everyone has read everything, so
 * the demo starts without unread badges.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { chatMessages, chatThreadMembers, chatThreads } from "../schema.ts";
import { demoLookup } from "./demo-people.ts";

type Who = "lars" | "kari" | "ola" | "sofie" | "ingrid";
const emails: Record<Who, string> = {
  ingrid: "admin@demo.no",
  lars: "leder@demo.no",
  kari: "kari@demo.no",
  ola: "ola@demo.no",
  sofie: "sekretaer@demo.no",
};

/** [who, minutes before now, text] */
type Line = [Who, number, string];

const department: Line[] = [
  ["lars", 26 * 60, "God morgen! Husk fagdag torsdag kl. 13 i møterom 2."],
  ["kari", 26 * 60 - 4, "Takk! Blir det servering?"],
  ["lars", 26 * 60 - 6, "Kaffe og noe å bite i 🙂"],
  ["ola", 25 * 60, "Noen som har sett den nye ultralydmaskinen? Den står ikke på stue 3."],
  ["sofie", 25 * 60 - 10, "Den er lånt ut til Intensiv til i morgen."],
  ["kari", 90, "Vaktbytte-listen for desember er lagt ut. Si fra innen fredag."],
  ["ingrid", 75, "Påminnelse: oppdater kontaktinfo på profilen deres."],
  ["ola", 20, "Stue 2 er klar igjen etter rengjøring."],
];

const kariAndOla: Line[] = [
  ["ola", 24 * 60, "Hei Kari! Kan du ta kveldsvakta mi på lørdag?"],
  ["kari", 24 * 60 - 15, "Jeg sjekker og svarer deg i kveld."],
  ["kari", 60, "Det går fint med lørdag 👍"],
  ["ola", 58, "Tusen takk, du er gull!"],
];

const fagutvikling: Line[] = [
  ["lars", 30 * 60, "Her deler vi artikler og kurs. Velkommen!"],
  ["kari", 29 * 60, "Anbefaler e-læringen om smertelindring etter operasjon."],
  ["ola", 3 * 60, "Noen som skal på anestesikongressen i mars?"],
];

const ledergruppen: Line[] = [
  ["lars", 5 * 60, "Bemanningen neste uke ser tynn ut på natt. Vi trenger to ekstravakter."],
  ["sofie", 4 * 60, "Jeg legger dem ut som utkast i dag."],
  ["ingrid", 3 * 60, "Fint, publiser når turnusen er bekreftet."],
];

export async function seedDemoChat(db: Db, now: Date = new Date()): Promise<void> {
  const { idOf: id, deptIdOf } = await demoLookup(db, emails, ["Anestesi"]);
  const deptId = deptIdOf("Anestesi");
  if (!deptId) return;
  const everyone = (Object.keys(emails) as Who[]).map(id).filter((x): x is string => !!x);
  const [low, high] = [id("kari")!, id("ola")!].sort();

  await db.transaction(async (tx) => {
    const thread = async (values: typeof chatThreads.$inferInsert, members: string[], lines: Line[]) => {
      const [t] = await tx.insert(chatThreads).values(values).returning({ id: chatThreads.id });
      await tx.insert(chatMessages).values(
        lines.map(([who, minutesAgo, content]) => ({
          threadId: t!.id,
          authorId: id(who) ?? null,
          content,
          createdAt: new Date(now.getTime() - minutesAgo * 60_000),
        })),
      );
      // Read up to the newest message: the demo starts with nothing unread.
      const [{ last } = { last: 0 }] = await tx
        .select({ last: sql<number>`coalesce(max(${chatMessages.seq}), 0)::bigint` })
        .from(chatMessages)
        .where(eq(chatMessages.threadId, t!.id));
      await tx
        .insert(chatThreadMembers)
        .values(members.map((userId) => ({ threadId: t!.id, userId, lastReadSeq: Number(last) })));
    };
    await thread({ kind: "department", deptId }, everyone, department);
    await thread({ kind: "direct", deptId, directLowId: low, directHighId: high }, [low!, high!], kariAndOla);
    await thread(
      {
        kind: "channel",
        deptId,
        name: "Fagutvikling",
        isPublic: true,
        createdBy: id("lars") ?? null,
      },
      everyone,
      fagutvikling,
    );
    await thread(
      {
        kind: "channel",
        deptId,
        name: "Ledergruppen",
        isPublic: false,
        createdBy: id("lars") ?? null,
      },
      [id("lars")!, id("sofie")!, id("ingrid")!],
      ledergruppen,
    );
  });
}
