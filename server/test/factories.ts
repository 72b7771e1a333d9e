/**
 * The people a feature test describes, written straight into its database: no
 * registration, no mail, no rate-limited sign-in. Each call makes new rows with unique
 * names, so tests never depend on (or disturb) the demo data.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import type { Role } from "../../common/domain/roles.ts";
import { departments, profiles, session, staff, user } from "../db/schema.ts";
import { splitName } from "../platform/profiles.ts";
import type { Client, TestApp } from "./harness.ts";

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
