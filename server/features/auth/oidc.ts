/**
 * Single sign-on through the hospital's OpenID Provider (Entra ID, HelseID): the
 * authorization code flow with PKCE, state and nonce, by `openid-client` (a certified
 * relying party). Its checks of the ID token are the library's: signature (against the
 * provider's published keys, `enableNonRepudiationChecks`), issuer, audience, expiry
 * and nonce; ours come after: a verified address, the installation's domains, and the
 * sign-in gate every session passes (deactivated people are refused there).
 *
 * What a sign-in under way must remember (verifier, nonce, where to go after) is kept in
 * the database under its `state`, so any instance can finish what another began, and
 * taken out by the one callback that uses it: a state replayed finds nothing. A random
 * value in a cookie binds it to the browser that began it.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, like, lt } from "drizzle-orm";
import { importJWK, type JWK } from "jose";
import * as oidc from "openid-client";
import { limits } from "../../../common/base/limits.ts";
import { emailDomainAllowed, normaliseEmail } from "../../../common/domain/validation.ts";
import type { Config, OidcConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { isDatabaseUnavailable } from "../../db/faults.ts";
import { account, user, verification } from "../../db/schema.ts";
import { AppError } from "../../platform/errors.ts";
import type { AuthDeps } from "./deps.ts";

/** A sign-in begun must be finished within this time. */
const pendingMinutes = 10;
/** The provider's metadata and keys are asked for again after this time. */
const discoveryTtlMs = 60 * 60_000;
export const oidcProviderId = "oidc";
export const oidcBindingCookie = "vaktrom.oidc";
export const oidcCallbackPath = "/api/auth/oidc/callback";

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const stateKey = (state: string) => `oidc-state:${state}`;
const sessionKey = (sessionId: string) => `oidc-session:${sessionId}`;

/** What a refused single sign-on says; the login page shows its Norwegian message. */
export const refused = (code: OidcRefusal) =>
  new AppError(code === "oidc_unavailable" ? 503 : code === "email_domain_not_allowed" ? 403 : 400, code);
export type OidcRefusal =
  | "oidc_unavailable"
  | "oidc_state_invalid"
  | "oidc_token_invalid"
  | "oidc_cancelled"
  | "oidc_email_unverified"
  | "email_domain_not_allowed";

let discovered: { key: string; at: number; config: Promise<oidc.Configuration> } | null = null;

/** The provider's configuration, discovered from its issuer; a provider that is away answers 503. */
function providerConfig(config: Config): Promise<oidc.Configuration> {
  const o = config.oidc!;
  const key = `${o.issuer} ${o.clientId}`;
  if (discovered?.key === key && Date.now() - discovered.at < discoveryTtlMs) return discovered.config;
  // Plain HTTP only for a provider on this machine outside production (the tests' own).
  const local = !config.isProduction && /^http:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(o.issuer);
  const pending = clientAuthOf(o)
    .then((auth) =>
      oidc.discovery(new URL(o.issuer), o.clientId, undefined, auth, {
        execute: [oidc.enableNonRepudiationChecks, ...(local ? [oidc.allowInsecureRequests] : [])],
      }),
    )
    .catch((err: unknown) => {
      discovered = null;
      throw err;
    });
  discovered = { key, at: Date.now(), config: pending };
  return pending;
}

/**
 * A shared secret (sent in the token request's body), or `private_key_jwt`: an assertion
 * signed with the client's own key, which HelseID requires.
 */
async function clientAuthOf(o: OidcConfig): Promise<oidc.ClientAuth> {
  if ("secret" in o.clientAuth) return oidc.ClientSecretPost(o.clientAuth.secret);
  const jwk = JSON.parse(o.clientAuth.privateKeyJwk) as JWK;
  const key = (await importJWK(jwk, jwk.alg)) as CryptoKey;
  return oidc.PrivateKeyJwt({ key, kid: jwk.kid });
}

async function reachProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch {
    throw refused("oidc_unavailable");
  }
}

const redirectUri = (config: Config) => `${config.publicUrl}${oidcCallbackPath}`;

/** Begins a sign-in: the provider's address to send the browser to, and the cookie that binds it. */
export async function beginSignIn(
  deps: AuthDeps,
  next: string | undefined,
): Promise<{ location: string; binding: string }> {
  const o = deps.config.oidc!;
  const provider = await reachProvider(() => providerConfig(deps.config));
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const binding = oidc.randomState();
  await deps.db.insert(verification).values({
    identifier: stateKey(state),
    value: JSON.stringify({ verifier, nonce, next: next ?? null, binding: sha256(binding) }),
    expiresAt: new Date(deps.clock.now().getTime() + pendingMinutes * 60_000),
  });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri(deps.config),
    scope: o.scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  return { location: url.href, binding };
}

interface Pending {
  verifier: string;
  nonce: string;
  next: string | null;
  binding: string;
}

/** Takes the sign-in a state names out of the database: it can be finished once. */
async function takePending(deps: AuthDeps, state: string | null, binding: string | undefined) {
  if (!state) throw refused("oidc_state_invalid");
  const [row] = await deps.db
    .delete(verification)
    .where(and(eq(verification.identifier, stateKey(state)), gt(verification.expiresAt, deps.clock.now())))
    .returning({ value: verification.value });
  if (!row) throw refused("oidc_state_invalid");
  const pending = JSON.parse(row.value) as Pending;
  // Begun in another browser (a link someone was sent to sign them in as someone else).
  if (!binding || sha256(binding) !== pending.binding) throw refused("oidc_state_invalid");
  return { ...pending, state };
}

/** The address the provider vouches for, or a refusal. */
function verifiedEmail(o: OidcConfig, claims: oidc.IDToken): string {
  const raw = claims[o.emailClaim];
  if (typeof raw !== "string" || !raw.includes("@")) throw refused("oidc_email_unverified");
  // `email` counts only when the provider says it checked it; a configured claim (Entra's
  // `upn`, say) is the directory's own and is trusted.
  if (o.emailClaim === "email" && claims.email_verified !== true) throw refused("oidc_email_unverified");
  return normaliseEmail(raw);
}

function nameOf(claims: oidc.IDToken, email: string): string {
  const given = [claims.given_name, claims.family_name].filter((p) => typeof p === "string").join(" ");
  const name =
    typeof claims.name === "string" && claims.name.trim() ? claims.name : given || email.split("@")[0]!;
  return name.trim().slice(0, limits.fullNameMaxLength);
}

/**
 * The person this provider account is: linked before, or found by the verified address
 * (and linked now), or new, on the same terms as a registration (the installation's
 * domains; 'Velg din avdeling' follows, as for every newcomer).
 */
async function personOf(deps: AuthDeps, claims: oidc.IDToken): Promise<string> {
  const [linked] = await deps.db
    .select({ userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, oidcProviderId), eq(account.accountId, claims.sub)));
  if (linked) return linked.userId;
  const email = verifiedEmail(deps.config.oidc!, claims);
  if (!emailDomainAllowed(email, deps.config.allowedEmailDomains)) throw refused("email_domain_not_allowed");
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: user.id, verified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email));
    // An unconfirmed registration holds nothing against the address's owner (as in register).
    if (existing && !existing.verified) await tx.delete(user).where(eq(user.id, existing.id));
    const userId =
      existing?.verified === true
        ? existing.id
        : (
            await tx
              .insert(user)
              .values({ email, name: nameOf(claims, email), emailVerified: true })
              .returning({ id: user.id })
          )[0]!.id;
    await tx.insert(account).values({ userId, providerId: oidcProviderId, accountId: claims.sub });
    return userId;
  });
}

/**
 * Finishes a sign-in at the callback: the code is exchanged and the ID token checked,
 * then the person gets a session. Returns its cookies and where to go.
 */
export async function finishSignIn(
  deps: AuthDeps,
  client: Headers,
  callbackUrl: URL,
  binding: string | undefined,
): Promise<{ headers: Headers; next: string | null }> {
  const pending = await takePending(deps, callbackUrl.searchParams.get("state"), binding);
  const provider = await reachProvider(() => providerConfig(deps.config));
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw grantRefusal(deps, err);
  }
  const userId = await personOf(deps, await claimsOf(deps, provider, tokens));
  const { headers, response } = await deps.auth.api.createSessionFor({
    body: { userId },
    headers: client,
    returnHeaders: true,
  });
  // Kept for signing out at the provider too (RP-initiated logout), as long as the session.
  if (tokens.id_token)
    await deps.db.insert(verification).values({
      identifier: sessionKey(response.sessionId),
      value: tokens.id_token,
      expiresAt: new Date(deps.clock.now().getTime() + limits.sessionHours * 3600_000),
    });
  return { headers, next: pending.next };
}

/**
 * The ID token's claims; where the provider keeps the address to its userinfo endpoint
 * (as the standard lets it when an access token is issued), that answer fills it in.
 */
async function claimsOf(
  deps: AuthDeps,
  provider: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<oidc.IDToken> {
  const claims = tokens.claims()!;
  const o = deps.config.oidc!;
  if (o.emailClaim in claims || !provider.serverMetadata().userinfo_endpoint) return claims;
  const info = await reachProvider(() => oidc.fetchUserInfo(provider, tokens.access_token, claims.sub));
  return { ...info, ...claims };
}

/** Sign-ins never finished and ID tokens of sessions never signed out go when they expire. */
export async function expireSignInState(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(verification)
    .where(and(like(verification.identifier, "oidc-%"), lt(verification.expiresAt, now)))
    .returning({ id: verification.id });
  return gone.length;
}

/** Why the code exchange failed, in our words; the library's code goes to the log, no token. */
function grantRefusal(deps: AuthDeps, err: unknown): AppError {
  if (err instanceof AppError || isDatabaseUnavailable(err)) return err as AppError;
  if (err instanceof oidc.AuthorizationResponseError) return refused("oidc_cancelled");
  const code = (err as { code?: unknown }).code;
  if (err instanceof oidc.ClientError || err instanceof oidc.ResponseBodyError) {
    deps.log.warn({ code, reason: (err as Error).message.slice(0, 120) }, "single sign-on refused");
    return refused("oidc_token_invalid");
  }
  return refused("oidc_unavailable");
}

/**
 * Where the browser goes to end the provider's session too, after ours has ended: only
 * for a session begun by single sign-on, and only where the provider offers it.
 */
export async function providerLogoutUrl(deps: AuthDeps, sessionId: string): Promise<string | null> {
  if (!deps.config.oidc) return null;
  const [row] = await deps.db
    .delete(verification)
    .where(eq(verification.identifier, sessionKey(sessionId)))
    .returning({ idToken: verification.value });
  if (!row) return null;
  const provider = await providerConfig(deps.config).catch(() => null);
  if (!provider?.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(provider, {
    id_token_hint: row.idToken,
    post_logout_redirect_uri: `${deps.config.publicUrl}/login`,
  }).href;
}
