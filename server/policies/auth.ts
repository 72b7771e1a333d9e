/**
 * Signing in (issue 30). With single sign-on only (OIDC_ONLY=1), an e-mail link is the
 * admins' way in when the hospital's provider is down: break-glass, audited. Nobody
 * else gets one.
 */
import { allow, isAdmin } from "./policy.ts";

allow("auth.breakGlass", (actor) => isAdmin(actor));
