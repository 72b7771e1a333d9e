/**
 * 'Demo-verktøy' (staging only, admins): making a demo user with the demo password, and
 * a sign-in link for one to copy ('Kopiert'). The link is the real magic link: asked
 * for as the sign-in form asks, and read from the mail it wrote (the dev mailbox).
 */
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { demoUserInput } from "../../../common/schemas/users.ts";
import { account, departments, profiles, staff, user } from "../../db/schema.ts";
import { demoAccountId, demoPassword } from "../../db/seed/demo.ts";
import { recordAccess } from "../../platform/access-log.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError, conflict, notFound } from "../../platform/errors.ts";
import { listMailbox } from "../../platform/mail.ts";

/** "Åse Ødegård" → "ase.odegard": an address part from a name. */
const slug = (s: string) =>
  s
    .toLowerCase()
    .replaceAll("æ", "ae")
    .replaceAll("ø", "o")
    .replaceAll("å", "a")
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.+|\.+$/g, "");

export async function createDemoUser(ctx: AppContext, input: z.infer<typeof demoUserInput>) {
  const fullName = `${input.firstName} ${input.lastName}`;
  const email = input.email ?? `${slug(input.firstName)}.${slug(input.lastName)}@demo.no`;
  const hash = await hashPassword(demoPassword);
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (taken) throw conflict("email_taken");
    await tx.insert(departments).values({ name: input.deptName }).onConflictDoNothing();
    const [dept] = await tx.select().from(departments).where(eq(departments.name, input.deptName));
    const [u] = await tx.insert(user).values({ name: fullName, email, emailVerified: true }).returning();
    const userId = u!.id;
    await tx.insert(account).values({ accountId: userId, providerId: "credential", userId, password: hash });
    await tx.insert(profiles).values({
      userId,
      fullName,
      firstName: input.firstName,
      lastName: input.lastName,
      currentDeptId: dept!.id,
    });
    await tx.insert(staff).values({ userId, deptId: dept!.id, role: input.role });
    return { email, fullName };
  });
}

/**
 * A fresh magic link for a fixed demo account, as its owner would get it by mail. Any
 * other account answers 404: an admin does not become a real person (and read their
 * messages) this way.
 */
export async function signInLink(
  ctx: AppContext,
  headers: Headers,
  email: string,
  actorId: string,
): Promise<string> {
  const userId = await demoAccountId(ctx.db, email);
  if (!userId) throw notFound();
  await ctx.auth.api.signInMagicLink({ body: { email }, headers });
  const [mail] = (await listMailbox(ctx.db)).filter((m) => m.to === email);
  const url = mail?.text.match(/https?:\/\/\S+\/auth\/magic#\S+/)?.[0];
  // No mail: the account may not sign in (deactivated, or its domain not allowed).
  if (!url) throw new AppError(422, "sign_in_link_unavailable");
  // The link signs its holder in as the person: the admin who took it is in their log.
  await recordAccess(ctx.db, { actorId, subjectId: userId, action: "demo.signin" });
  return url;
}
