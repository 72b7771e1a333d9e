/**
 * The people a feature test describes, written straight into its database: no
 * registration, no mail, no rate-limited sign-in. Each call makes new rows with unique
 * names, so tests never depend on (or disturb) the demo data.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makeSignature } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Role } from "../../common/domain/roles.ts";
import type { FeatureFlags } from "../../common/schemas/brand.ts";
import {
  departments,
  profiles,
  session,
  shiftAssignments,
  shiftInterests,
  shifts,
  staff,
  user,
} from "../db/schema.ts";
import { splitName } from "../platform/profiles.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";

const unique = () => randomUUID().slice(0, 8);

export async function makeDepartment(t: TestApp, name = `Avdeling ${unique()}`) {
  const [dept] = await t.ctx.db.insert(departments).values({ name }).returning();
  return dept!;
}

export interface MadeStaff {
  userId: string;
  staffId: string;
  email: string;
  fullName: string;
}

/**
 * A confirmed person with a profile and one staff record in `dept` (a department id),
 * working in that department. They have no password: tests sign them in with
 * `signedInClient`.
 */
export async function makeStaff(
  t: TestApp,
  opts: { role: Role; dept: string; active: boolean; name?: string; email?: string },
): Promise<MadeStaff> {
  const id = unique();
  const fullName = opts.name ?? `Test Person ${id}`;
  const email = opts.email ?? `person-${id}@sykehus.no`;
  return t.ctx.db.transaction(async (tx) => {
    const [u] = await tx.insert(user).values({ name: fullName, email, emailVerified: true }).returning();
    const userId = u!.id;
    await tx.insert(profiles).values({ userId, fullName, ...splitName(fullName), currentDeptId: opts.dept });
    const [record] = await tx
      .insert(staff)
      .values({ userId, deptId: opts.dept, role: opts.role, isActive: opts.active })
      .returning();
    return { userId, staffId: record!.id, email, fullName };
  });
}

/**
 * A client signed in as `userId`: a session row and the session cookie signed the way
 * better-auth signs it, with its cookie name. The sign-in gate (better-auth's session
 * hook) is not asked on purpose, so a test can also hold the session of a person it
 * would refuse (a deactivated one, whose session survived) and check what every request
 * then does with it.
 */
export async function signedInClient(t: TestApp, userId: string): Promise<Client> {
  const auth = await t.ctx.auth.$context;
  const token = randomBytes(24).toString("base64url");
  await t.ctx.db.insert(session).values({
    userId,
    token,
    expiresAt: new Date(Date.now() + auth.sessionConfig.expiresIn * 1000),
  });
  const client = t.client();
  const signed = `${token}.${await makeSignature(token, auth.secret)}`;
  client.setCookie(auth.authCookies.sessionToken.name, encodeURIComponent(signed));
  return client;
}

/**
 * An extra shift in `dept` (a department id), open unless said otherwise, of `hours`
 * hours from `startsAt` (default: eight hours from tomorrow at this time). An assigned
 * one needs its holder: `assignShiftTo`.
 */
export async function makeShift(
  t: TestApp,
  opts: {
    dept: string;
    status?: "draft" | "open" | "assigned" | "closed";
    startsAt?: Date;
    hours?: number;
    title?: string;
    kind?: "extra" | "roster";
    /** when it was made: lists ordered by it need times that differ (two rows may share a millisecond) */
    createdAt?: Date;
  },
) {
  const startsAt = opts.startsAt ?? new Date(Date.now() + 86_400_000);
  const status = opts.status ?? "open";
  const [row] = await t.ctx.db
    .insert(shifts)
    .values({
      deptId: opts.dept,
      kind: opts.kind ?? "extra",
      title: opts.title ?? "Ekstravakt anestesi",
      location: "Operasjon 1",
      startsAt,
      endsAt: new Date(startsAt.getTime() + (opts.hours ?? 8) * 3_600_000),
      status,
      publishedAt: status === "draft" ? null : new Date(),
      closedAt: status === "closed" ? new Date() : null,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** These people registered interest in the shift, in this order. */
export async function addInterest(t: TestApp, shiftId: string, userIds: readonly string[]) {
  await t.ctx.db
    .insert(shiftInterests)
    .values(userIds.map((userId, i) => ({ shiftId, userId, createdAt: new Date(Date.now() + i) })));
}

/** The shift is `userId`'s (assigned `assignedAt`, default now), as if assigned by hand. */
export async function assignShiftTo(t: TestApp, shiftId: string, userId: string, assignedAt = new Date()) {
  await t.ctx.db.insert(shiftAssignments).values({ shiftId, userId, assignedAt, method: "manual" });
  await t.ctx.db.update(shifts).set({ status: "assigned" }).where(eq(shifts.id, shiftId));
}

/** A test app whose brand file switches these features off. */
export async function appWithout(flags: (keyof FeatureFlags)[]): Promise<TestApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-flags-"));
  const file = path.join(dir, "brand.json");
  await writeFile(file, JSON.stringify({ features: Object.fromEntries(flags.map((f) => [f, false])) }));
  const t = await createTestApp({ BRAND_FILE: file });
  return { ...t, close: () => t.close().finally(() => rm(dir, { recursive: true, force: true })) };
}
