/**
 * The hospital's identity provider in tests: `oidc-provider`, a certified OpenID
 * Provider, on a local port. Its own development login form accepts any login name,
 * which becomes the account; the accounts' claims are ours to set. Consent is granted
 * in advance, as a hospital's provider does for its own apps.
 *
 * `tamper` lets a test change the ID token on its way out of the token endpoint,
 * re-signed with the provider's own key: a wrong audience, an expired token or a wrong
 * nonce then arrive exactly as a faulty or hostile provider would send them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import Provider from "oidc-provider";

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** with `privateKeyJwt`: the client's private key (a JWK as JSON), for OIDC_CLIENT_PRIVATE_KEY */
  clientPrivateKey: string | null;
  /** claims by login name; a login not listed has no e-mail */
  accounts: Map<string, TestAccount>;
  /** changes the next ID tokens (null: as issued) */
  tamper: ((claims: JWTPayload) => JWTPayload) | null;
  close(): Promise<void>;
}

export async function startTestProvider(opts: {
  redirectUri: string;
  /** the client proves itself with a signed assertion (`private_key_jwt`), as HelseID wants */
  privateKeyJwt?: boolean;
}): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const clientKeys = opts.privateKeyJwt ? await generateKeyPair("RS256", { extractable: true }) : null;
  const clientJwk = async (key: CryptoKey) => ({
    ...(await exportJWK(key)),
    kid: "client-key",
    alg: "RS256",
  });
  const jwk = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "vaktrom";
  const clientSecret = "test-secret-of-the-ward-app";
  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    clientPrivateKey: clientKeys && JSON.stringify(await clientJwk(clientKeys.privateKey)),
    accounts: new Map(),
    tamper: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        ...(clientKeys
          ? {
              token_endpoint_auth_method: "private_key_jwt",
              jwks: { keys: [await clientJwk(clientKeys.publicKey)] },
            }
          : { client_secret: clientSecret, token_endpoint_auth_method: "client_secret_post" }),
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [new URL("/login", opts.redirectUri).toString()],
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    // Consent is the hospital's business, given once for its own apps.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => {
        const account = state.accounts.get(sub);
        return account ? { sub, ...account } : { sub };
      },
    }),
  });
  provider.proxy = false;
  // The tamper hook: after the token endpoint has answered, re-sign a changed ID token.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== "/token" || !state.tamper || !body?.id_token) return;
    const claims = state.tamper(decodeJwt(body.id_token));
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
      .sign(privateKey);
  });
  server.on("request", provider.callback());
  return state;
}
