/**
 * Demo data for staging: three departments and the demo people, written only into an
 * empty database. Production refuses to start while these accounts still have the
 * demo password (see assertNoDemoPasswords).
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Role } from "../../../common/domain/roles.ts";
import { splitName } from "../../platform/profiles.ts";
import { quietStep, type Step } from "../../platform/progress.ts";
import type { Db } from "../client.ts";
import { account, demoAccounts, departments, profiles, staff, user } from "../schema.ts";
import { seedDemoChat } from "./demo-chat.ts";
import { seedDemoDuty } from "./demo-duty.ts";
import { seedDemoShifts } from "./demo-shifts.ts";
import { seedDemoSwaps } from "./demo-swaps.ts";
import { seedDemoWork } from "./demo-work.ts";

export const demoPassword = "demo1234";
export const demoDepartments = ["Anestesi", "Intensiv", "Akuttmottak"] as const;

type DemoDepartment = (typeof demoDepartments)[number];

export interface DemoUser {
  email: string;
  fullName: string;
  role: Role;
  /** the first staff record, and the current department */
  dept: DemoDepartment;
  /** further staff records: someone in two departments switches between them */
  also?: { dept: DemoDepartment; role: Role }[];
}

export const demoUsers: DemoUser[] = [
  { email: "admin@demo.no", fullName: "Ingrid Hansen", role: "admin", dept: "Anestesi" },
  { email: "leder@demo.no", fullName: "Lars Johansen", role: "leader", dept: "Anestesi" },
  { email: "kari@demo.no", fullName: "Kari Nordmann", role: "staff", dept: "Anestesi" },
  { email: "ola@demo.no", fullName: "Ola Nordmann", role: "staff", dept: "Anestesi" },
  {
    email: "sekretaer@demo.no",
    fullName: "Sofie Berg",
    role: "leader",
    dept: "Anestesi",
    also: [{ dept: "Akuttmottak", role: "staff" }],
  },
  { email: "intensiv@demo.no", fullName: "Per Olsen", role: "staff", dept: "Intensiv" },
];

export const demoAdminEmail = "admin@demo.no";

async function ensureDepartments(db: Db): Promise<Map<string, string>> {
  await db
    .insert(departments)
    .values(demoDepartments.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(departments)
    .where(inArray(departments.name, [...demoDepartments]));
  return new Map(rows.map((d) => [d.name, d.id]));
}

/**
 * dev-bootstrap: creates the demo departments and the demo users never made before. One
 * an admin deleted stays deleted (its mark remains, demo_accounts); an address someone
 * else's account holds is left to them. The mark is claimed first, so two bootstraps at
 * once make each account once.
 */
export async function ensureDemoUsers(db: Db): Promise<number> {
  const deptIds = await ensureDepartments(db);
  const hash = await hashPassword(demoPassword);
  return db.transaction(async (tx) => {
    const taken = await tx
      .select({ email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          demoUsers.map((u) => u.email),
        ),
      );
    const free = demoUsers.filter((d) => !taken.some((e) => e.email === d.email));
    if (free.length === 0) return 0;
    const claimed = await tx
      .insert(demoAccounts)
      .values(free.map((d) => ({ email: d.email })))
      .onConflictDoNothing()
      .returning({ email: demoAccounts.email });
    for (const d of free.filter((f) => claimed.some((c) => c.email === f.email))) {
      const [u] = await tx
        .insert(user)
        .values({ name: d.fullName, email: d.email, emailVerified: true })
        .returning();
      await tx.update(demoAccounts).set({ userId: u!.id }).where(eq(demoAccounts.email, d.email));
      await tx
        .insert(account)
        .values({ accountId: u!.id, providerId: "credential", userId: u!.id, password: hash });
      const deptId = deptIds.get(d.dept)!;
      await tx
        .insert(profiles)
        .values({ userId: u!.id, fullName: d.fullName, ...splitName(d.fullName), currentDeptId: deptId });
      const records = [{ dept: d.dept, role: d.role }, ...(d.also ?? [])];
      await tx
        .insert(staff)
        .values(records.map((r) => ({ userId: u!.id, deptId: deptIds.get(r.dept)!, role: r.role })));
    }
    return claimed.length;
  });
}

/** The account of a fixed demo user at `email`, if it is one (marked when the seed made it). */
export async function demoAccountId(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: demoAccounts.userId })
    .from(demoAccounts)
    .where(eq(demoAccounts.email, email));
  return row?.userId ?? null;
}

/** Seeds an empty database (no departments yet); returns whether it did. Each part is a `step`. */
export async function seedDemoData(db: Db, step: Step = quietStep): Promise<boolean> {
  const [any] = await db.select({ id: departments.id }).from(departments).limit(1);
  if (any) return false;
  // Their contracts and competences with them: a shift of the next steps may require one.
  await step("Seeding demo data: users", async () => {
    await ensureDemoUsers(db);
    await seedDemoWork(db);
  });
  await step("Seeding demo data: chat", () => seedDemoChat(db));
  await step("Seeding demo data: extra shifts", () => seedDemoShifts(db));
  await step("Seeding demo data: shift swaps", () => seedDemoSwaps(db));
  await step("Seeding demo data: duty roles", () => seedDemoDuty(db));
  return true;
}

/** The demo accounts that still accept the demo password (production must have none). */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: user.email, password: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(
      inArray(
        user.email,
        demoUsers.map((u) => u.email),
      ),
    );
  const found: string[] = [];
  for (const r of rows) {
    if (r.password && (await verifyPassword({ hash: r.password, password: demoPassword })))
      found.push(r.email);
  }
  return found;
}
