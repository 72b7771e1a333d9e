/**
 * Swap offers for the demo (staging, empty database only), relative to today in Oslo:
 * in Anestesi Kari gives away an evening shift, and Ola offers a day shift he wants to
 * swap for an evening; both are on the department's market. Each shift is a roster
 * shift its owner holds, as a described shift in 'Opprett tilbud' would make it.
 */
import { inArray } from "drizzle-orm";
import { osloDate, osloHourToInstant } from "../../../common/domain/oslo-time.ts";
import type { Db } from "../client.ts";
import { departments, shiftAssignments, shifts, swapOffers, user } from "../schema.ts";

const emails = { kari: "kari@demo.no", ola: "ola@demo.no" };

const demoOffers = [
  { who: "kari", title: "Kveldsvakt", inDays: 2, from: 15, to: 23, requireSwap: false, wantTimeTags: [] },
  { who: "ola", title: "Dagvakt", inDays: 8, from: 7, to: 15, requireSwap: true, wantTimeTags: ["kveld"] },
] as const;

export async function seedDemoSwaps(db: Db, now: Date = new Date()): Promise<void> {
  const people = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, Object.values(emails)));
  const [dept] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(inArray(departments.name, ["Anestesi"]));
  if (people.length < 2 || !dept) return;
  const today = osloDate(now);
  await db.transaction(async (tx) => {
    for (const o of demoOffers) {
      const ownerId = people.find((p) => p.email === emails[o.who])!.id;
      const [shift] = await tx
        .insert(shifts)
        .values({
          deptId: dept.id,
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
        deptId: dept.id,
        fromAssignmentId: assignment!.id,
        requireSwap: o.requireSwap,
        wantTimeTags: [...o.wantTimeTags],
        visibility: "dept",
      });
    }
  });
}
