/**
 * Demo data for staging: three departments and the demo people, written only into an
 * empty database. Production refuses to start while these accounts still have the
 * demo password (see assertNoDemoPasswords).
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Role } from "../../../common/domain/roles.ts";
import { splitName } from "../../platform/profiles.ts";
import type { Db } from "../client.ts";
import { account, departments, profiles, staff, user } from "../schema.ts";
import { seedDemoChat } from "./demo-chat.ts";
import { seedDemoShifts } from "./demo-shifts.ts";
import { seedDemoSwaps } from "./demo-swaps.ts";

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

/** dev-bootstrap: creates the demo departments and whichever demo users are missing. */
export async function ensureDemoUsers(db: Db): Promise<number> {
  const deptIds = await ensureDepartments(db);
  const existing = await db
    .select({ email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        demoUsers.map((u) => u.email),
      ),
    );
  const missing = demoUsers.filter((d) => !existing.some((e) => e.email === d.email));
  if (missing.length === 0) return 0;
  const hash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    for (const d of missing) {
      const [u] = await tx
        .insert(user)
        .values({ name: d.fullName, email: d.email, emailVerified: true })
        .returning();
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
  });
  return missing.length;
}

/** Seeds an empty database (no departments yet); returns whether it did. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: departments.id }).from(departments).limit(1);
  if (any) return false;
  await ensureDemoUsers(db);
  await seedDemoChat(db);
  await seedDemoShifts(db);
  await seedDemoSwaps(db);
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
