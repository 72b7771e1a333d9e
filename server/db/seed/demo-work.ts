/**
 * Working time and competence for the demo (issue 28), in Anestesi: contracts of 100 %,
 * 80 % and 50 % ('Stillingsprosent', a full position of 35,5 hours), and three
 * competences held by some. Ola's 80 % with the extra shifts the shift seed gives him
 * puts him near the 4-week overtime limit (demo-shifts.ts); Kari's 50 % leaves her room
 * for two extra shifts in a week.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import { competences, staff, staffCompetences } from "../schema.ts";
import { demoLookup } from "./demo-people.ts";

type Who = "ingrid" | "lars" | "kari" | "ola" | "sofie";
const emails: Record<Who, string> = {
  ingrid: "admin@demo.no",
  lars: "leder@demo.no",
  kari: "kari@demo.no",
  ola: "ola@demo.no",
  sofie: "sekretaer@demo.no",
};

export const demoCompetences = ["Anestesisykepleier", "Intensivsykepleier", "Barnepleier"] as const;
type DemoCompetence = (typeof demoCompetences)[number];

/** Each one's contract and competences in Anestesi. */
const demoContracts: Record<Who, { percent: number; holds: DemoCompetence[] }> = {
  ingrid: { percent: 100, holds: [] },
  lars: { percent: 100, holds: ["Anestesisykepleier", "Intensivsykepleier"] },
  kari: { percent: 50, holds: ["Anestesisykepleier", "Barnepleier"] },
  ola: { percent: 80, holds: ["Intensivsykepleier"] },
  sofie: { percent: 100, holds: [] },
};

export async function seedDemoWork(db: Db): Promise<void> {
  const { idOf, deptIdOf } = await demoLookup(db, emails, ["Anestesi"]);
  const deptId = deptIdOf("Anestesi");
  if (!deptId) return;
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(competences)
      .values(demoCompetences.map((name) => ({ deptId, name })))
      .returning({ id: competences.id, name: competences.name });
    const competenceId = (name: DemoCompetence) => made.find((c) => c.name === name)!.id;
    const people = (Object.keys(demoContracts) as Who[]).flatMap((who) => {
      const userId = idOf(who);
      return userId ? [{ who, userId }] : [];
    });
    const records = await tx
      .select({ id: staff.id, userId: staff.userId })
      .from(staff)
      .where(
        and(
          eq(staff.deptId, deptId),
          inArray(
            staff.userId,
            people.map((p) => p.userId),
          ),
        ),
      );
    for (const { who, userId } of people) {
      const record = records.find((r) => r.userId === userId);
      if (!record) continue;
      const { percent, holds } = demoContracts[who];
      await tx.update(staff).set({ positionPercent: percent }).where(eq(staff.id, record.id));
      if (holds.length > 0)
        await tx
          .insert(staffCompetences)
          .values(holds.map((name) => ({ staffId: record.id, competenceId: competenceId(name) })));
    }
  });
}
