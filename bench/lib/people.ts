/**
 * Signed-in people for a benchmark, written straight into the database before the server
 * starts (signing in hundreds of people through the API would measure password hashing):
 * a user, profile and staff record each, in one department, with a live session. Sessions
 * are rows like better-auth's; the cookie is signed the way better-auth signs it, so the
 * server sees exactly what a signed-in browser sends.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { limits } from "../../common/base/limits.ts";
import type { Db } from "../../server/db/client.ts";
import { profiles, type roleValues, session, staff, user } from "../../server/db/schema.ts";
import { sessionCookiePrefix } from "../../server/platform/auth.ts";

export interface BenchUser {
  id: string;
  /** the Cookie header of a signed-in browser */
  cookie: string;
}

/** Staging names the cookie without the `__Host-` prefix production uses. */
const cookieName = `${sessionCookiePrefix}.session_token`;

/** Rows per insert: well below PostgreSQL's 65,535 parameters. */
const batch = 500;

export async function inBatches<T>(rows: T[], write: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += batch) await write(rows.slice(i, i + batch));
}

/**
 * `count` people working in `deptId` (their current department) as `role`, each signed
 * in. `label` names them and keeps their e-mail addresses apart from another call's.
 */
export async function seedPeople(
  db: Db,
  opts: {
    deptId: string;
    count: number;
    authSecret: string;
    role?: (typeof roleValues)[number];
    label?: string;
  },
): Promise<BenchUser[]> {
  const { deptId, role = "staff", label = "person" } = opts;
  const people = Array.from({ length: opts.count }, (_, i) => ({
    id: randomUUID(),
    name: `Test${label} ${i + 1}`,
    email: `${label}${i + 1}@bench.no`,
    emailVerified: true,
  }));
  await inBatches(people, (part) => db.insert(user).values(part));
  await inBatches(people, (part) =>
    db.insert(profiles).values(part.map((p) => ({ userId: p.id, fullName: p.name, currentDeptId: deptId }))),
  );
  await inBatches(people, (part) =>
    db.insert(staff).values(part.map((p) => ({ userId: p.id, deptId, role }))),
  );

  const tokens = people.map(() => randomBytes(24).toString("base64url"));
  const expiresAt = new Date(Date.now() + limits.sessionHours * 3600_000);
  await inBatches(
    people.map((p, i) => ({ userId: p.id, token: tokens[i]!, expiresAt })),
    (part) => db.insert(session).values(part),
  );
  return Promise.all(
    people.map(async ({ id }, i) => ({ id, cookie: await sessionCookie(tokens[i]!, opts.authSecret) })),
  );
}

/** The Cookie header of a browser holding the session `token`, signed with `authSecret`. */
export async function sessionCookie(token: string, authSecret: string): Promise<string> {
  const signed = `${token}.${await makeSignature(token, authSecret)}`;
  return `${cookieName}=${encodeURIComponent(signed)}`;
}
