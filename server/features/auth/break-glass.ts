/**
 * Single sign-on only (OIDC_ONLY=1): passwords and e-mail links are off, but for the
 * admins' break-glass link, for when the hospital's provider is down. Such a link is
 * sent to an admin's address only, a session it opens is kept only for an admin, and
 * each use is written to the admin audit log.
 */
import { eq } from "drizzle-orm";
import type { preValidationHookHandler } from "fastify";
import { session, user } from "../../db/schema.ts";
import { loadActor } from "../../platform/actor.ts";
import { auditInsert } from "../../platform/audit.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { may } from "../../policies/index.ts";
import type { AuthDeps } from "./deps.ts";

const installation = { type: "app" } as const;
const oidcOnly = (deps: Pick<AuthDeps, "config">) => deps.config.oidc?.only === true;

/** The route step that closes password sign-in, registration and reset under OIDC_ONLY. */
export function unlessSingleSignOnOnly(ctx: AppContext): preValidationHookHandler {
  return async () => {
    if (oidcOnly(ctx)) throw new AppError(403, "oidc_only");
  };
}

async function breaksGlass(deps: AuthDeps, userId: string) {
  const actor = await loadActor(deps.db, userId);
  return may(actor, "auth.breakGlass", installation, { demoTools: deps.config.demoTools });
}

/** Whether an e-mail link may be sent to this address (quietly no under OIDC_ONLY but for admins). */
export async function mayHaveMagicLink(deps: AuthDeps, email: string): Promise<boolean> {
  if (!oidcOnly(deps)) return true;
  const [found] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return !!found && (await breaksGlass(deps, found.id));
}

/** After an e-mail link signed someone in: under OIDC_ONLY an admin's use is audited, anyone else's undone. */
export async function breakGlassOnly(deps: AuthDeps, signedIn: { userId: string; sessionId: string }) {
  if (!oidcOnly(deps)) return;
  if (!(await breaksGlass(deps, signedIn.userId))) {
    await deps.db.delete(session).where(eq(session.id, signedIn.sessionId));
    throw new AppError(403, "oidc_only");
  }
  const { userId } = signedIn;
  await deps.db.execute(auditInsert({ userId }, "auth.breakGlass", { type: "user", id: userId }));
}
