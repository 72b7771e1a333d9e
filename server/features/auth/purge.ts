/**
 * Deleting a person (decisions.md § Users): what signing in kept about them. Sessions
 * and accounts; verification rows (better-auth's magic-link rows hold the address in
 * their JSON value, password-reset rows the user id); mail to or about the address; and
 * the rate-limit counters of the address, whose keys are HMACs (platform/rate-limit.ts)
 * and so are recomputed here. Returns the ended sessions, whose sockets the caller
 * closes after the commit.
 */
import { eq, ilike, inArray, like, or } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { account, mailOutbox, rateLimits, session, verification } from "../../db/schema.ts";
import { hashedKey } from "../../platform/rate-limit.ts";

/** The routes whose limits count per address (routes.ts `emailIn`), and per registration. */
const perAddress = ["magic", "register", "reset", "signin"];
const perUser = ["confirm"];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function purgeAuth(rateLimitSecret: string) {
  return async (tx: Tx, _events: unknown, person: { userId: string; email: string }): Promise<string[]> => {
    const { userId, email } = person;
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await tx.delete(account).where(eq(account.userId, userId));
    const address = `%${escapeLike(email)}%`;
    await tx
      .delete(verification)
      .where(
        or(
          ilike(verification.value, address),
          ilike(verification.identifier, address),
          like(verification.value, `%${userId}%`),
        ),
      );
    await tx
      .delete(mailOutbox)
      .where(
        or(ilike(mailOutbox.to, address), ilike(mailOutbox.text, address), ilike(mailOutbox.html, address)),
      );
    const keys = [
      ...perAddress.map((kind) => `${kind}:account:${email}`),
      ...perUser.map((kind) => `${kind}:account:${userId}`),
    ].map((key) => hashedKey(rateLimitSecret, key));
    await tx.delete(rateLimits).where(inArray(rateLimits.key, keys));
    return ended.map((s) => s.id);
  };
}
