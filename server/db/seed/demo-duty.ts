/**
 * Duty roles for the demo (staging, empty database only): in Anestesi 'Ansvarshavende
 * sykepleier', 'Vakthavende lege' and 'Koordinator', held in today's three blocks
 * (Koordinator by nobody in the night, so 'Ta rollen' shows there) and in a few blocks
 * ahead. Today's holders are Sofie and Ingrid: the journeys that need Kari, Ola or Lars
 * holding a role now set it up themselves.
 */
import { inArray } from "drizzle-orm";
import { dutyGrid } from "../../../common/domain/duty.ts";
import type { Db } from "../client.ts";
import { departments, dutyHoldings, dutyRoles, user } from "../schema.ts";

type Who = "ingrid" | "lars" | "kari" | "ola" | "sofie";
const emails: Record<Who, string> = {
  ingrid: "admin@demo.no",
  lars: "leder@demo.no",
  kari: "kari@demo.no",
  ola: "ola@demo.no",
  sofie: "sekretaer@demo.no",
};

/** Each role's holder per block of the grid, from today's Dagvakt on (null: nobody). */
const demoRoles: { name: string; holders: (Who | null)[] }[] = [
  // today: Dagvakt, Kveldsvakt, Nattevakt; tomorrow: Dagvakt, Kveldsvakt, Nattevakt
  { name: "Ansvarshavende sykepleier", holders: ["sofie", "sofie", "ingrid", "kari", "ola", null] },
  { name: "Vakthavende lege", holders: ["ingrid", "ingrid", "sofie", "lars", "lars", "ingrid"] },
  { name: "Koordinator", holders: ["sofie", "ingrid", null, "ola", "kari", null] },
];

export async function seedDemoDuty(db: Db, now: Date = new Date()): Promise<void> {
  const people = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, Object.values(emails)));
  const [dept] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(inArray(departments.name, ["Anestesi"]));
  if (!dept) return;
  const idOf = (who: Who) => people.find((p) => p.email === emails[who])?.id;
  const setBy = idOf("lars") ?? null;
  const blocks = dutyGrid(now);
  await db.transaction(async (tx) => {
    const roles = await tx
      .insert(dutyRoles)
      .values(demoRoles.map((r) => ({ deptId: dept.id, name: r.name })))
      .returning({ id: dutyRoles.id, name: dutyRoles.name });
    const holdings = demoRoles.flatMap((r) => {
      const roleId = roles.find((x) => x.name === r.name)!.id;
      return r.holders.flatMap((who, i) => {
        const userId = who && idOf(who);
        const block = blocks[i]!;
        return userId
          ? [{ roleId, deptId: dept.id, blockStart: block.start, blockEnd: block.end, userId, setBy }]
          : [];
      });
    });
    if (holdings.length > 0) await tx.insert(dutyHoldings).values(holdings);
  });
}
