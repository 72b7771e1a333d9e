import { dutyGrid } from "../../../common/domain/duty.ts";
import type { Db } from "../client.ts";
import { dutyHoldings, dutyRoles } from "../schema.ts";
import { demoLookup } from "./demo-people.ts";

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
  const { idOf, deptIdOf } = await demoLookup(db, emails, ["Anestesi"]);
  const deptId = deptIdOf("Anestesi");
  if (!deptId) return;
  const setBy = idOf("lars") ?? null;
  const blocks = dutyGrid(now);
  await db.transaction(async (tx) => {
    const roles = await tx
      .insert(dutyRoles)
      .values(demoRoles.map((r) => ({ deptId, name: r.name })))
      .returning({ id: dutyRoles.id, name: dutyRoles.name });
    const holdings = demoRoles.flatMap((r) => {
      const roleId = roles.find((x) => x.name === r.name)!.id;
      return r.holders.flatMap((who, i) => {
        const userId = who && idOf(who);
        const block = blocks[i]!;
        return userId
          ? [{ roleId, deptId, blockStart: block.start, blockEnd: block.end, userId, setBy }]
          : [];
      });
    });
    if (holdings.length > 0) await tx.insert(dutyHoldings).values(holdings);
  });
}
