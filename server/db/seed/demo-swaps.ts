import { osloDate, osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import type { Db } from "../client.ts";
import { shiftAssignments, shifts, swapOffers } from "../schema.ts";
import { demoLookup } from "./demo-people.ts";

const emails = { kari: "kari@demo.no", ola: "ola@demo.no" };

const demoOffers = [
  { who: "kari", title: "Kveldsvakt", inDays: 2, from: 15, to: 23, requireSwap: false, wantTimeTags: [] },
  { who: "ola", title: "Dagvakt", inDays: 8, from: 7, to: 15, requireSwap: true, wantTimeTags: ["kveld"] },
] as const;

export async function seedDemoSwaps(db: Db, now: Date = new Date()): Promise<void> {
  const { people, idOf, deptIdOf } = await demoLookup(db, emails, ["Anestesi"]);
  const deptId = deptIdOf("Anestesi");
  if (people < 2 || !deptId) return;
  const today = osloDate(now);
  await db.transaction(async (tx) => {
    for (const o of demoOffers) {
      const ownerId = idOf(o.who)!;
      const [shift] = await tx
        .insert(shifts)
        .values({
          deptId,
          kind: "roster",
          status: "assigned",
          title: o.title,
          location: "Anestesi",
          startsAt: osloHourToInstant(today, o.from, o.inDays),
          endsAt: osloHourToInstant(today, o.to, o.inDays),
          createdBy: ownerId,
        })
        .returning({ id: shifts.id });
      const [assignment] = await tx
        .insert(shiftAssignments)
        .values({ shiftId: shift!.id, userId: ownerId, method: "manual" })
        .returning({ id: shiftAssignments.id });
      await tx.insert(swapOffers).values({
        ownerId,
        deptId,
        fromAssignmentId: assignment!.id,
        requireSwap: o.requireSwap,
        wantTimeTags: [...o.wantTimeTags],
        visibility: "dept",
      });
    }
  });
}
