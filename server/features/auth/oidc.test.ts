/**
 * Single sign-on against a real OpenID Provider (`oidc-provider` on a local port): the
 * whole flow through its login form, each refusal of the ID token, the state used
 * once and bound to its browser, the address rules, and OIDC_ONLY with its audited
 * break-glass link.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, adminAuditLog, staff, user, verification } from "../../db/schema.ts";
import { type Client, createTestApp, type TestApp, tokenFromMail } from "../../test/harness.ts";
import { startTestProvider, type TestProvider } from "../../test/oidc-provider.ts";
import { expireSignInState } from "./oidc.ts";

const appUrl = "http://localhost:3000";

/** The browser's part at the provider: its login form, with a jar for its cookies. */
async function throughProvider(start: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    body = undefined;
    const location = res.headers.get("location");
    if (location) {
      url = new URL(location, url).href;
      if (url.startsWith(appUrl)) return url;
      continue;
    }
    // The provider's own login form: any login name is that account.
    expect(await res.text()).toContain('name="login"');
    body = new URLSearchParams({ prompt: "login", login, password: "any" });
  }
  throw new Error("the provider never sent the browser back");
}

/** Begins at our start address, signs in at the provider, returns the callback address. */
async function callbackFor(c: Client, login: string, next = "/shifts/open"): Promise<string> {
  const start = await c.get(`/api/auth/oidc/start?next=${encodeURIComponent(next)}`);
  expect(start.statusCode).toBe(303);
  return throughProvider(start.headers.location as string, login);
}

async function finish(c: Client, callback: string) {
  const res = await c.get(callback.slice(appUrl.length));
  expect(res.statusCode).toBe(303);
  return res.headers.location as string;
}

describe("single sign-on (OpenID Connect)", () => {
  let op: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    op = await startTestProvider({ redirectUri: `${appUrl}/api/auth/oidc/callback` });
    op.accounts.set("kari", { email: "Kari@demo.no", email_verified: true, name: "Kari Nordmann" });
    op.accounts.set("ny", { email: "nyansatt@demo.no", email_verified: true, name: "Nina Nyansatt" });
    op.accounts.set("utenfor", { email: "noen@gmail.com", email_verified: true });
    op.accounts.set("ubekreftet", { email: "ola@demo.no", email_verified: false });
    op.accounts.set("ola", { email: "ola@demo.no", email_verified: true });
    t = await createTestApp({
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      OIDC_DISPLAY_NAME: "Logg inn med HelseID",
      ALLOWED_EMAIL_DOMAINS: "demo.no",
    });
  });
  afterAll(async () => {
    await t.close();
    await op.close();
  });

  it("signs Kari in through the provider and lands where she was going", async () => {
    const config = (await t.client().get("/api/config")).json();
    expect(config.singleSignOn).toEqual({ label: "Logg inn med HelseID", only: false });
    const c = t.client();
    expect(await finish(c, await callbackFor(c, "kari"))).toBe("/shifts/open");
    const session = await c.session();
    expect(session.user.email).toBe("kari@demo.no");
    expect(session.needsDepartment).toBe(false);
    // Linked: the next sign-in finds her by the provider's subject.
    const linked = await t.ctx.db
      .select()
      .from(account)
      .where(and(eq(account.providerId, "oidc"), eq(account.accountId, "kari")));
    expect(linked).toHaveLength(1);
  });

  it("makes a newcomer of an unknown address in the hospital's domain, who then picks a department", async () => {
    const c = t.client();
    expect(await finish(c, await callbackFor(c, "ny", "/"))).toBe("/");
    const session = await c.session();
    expect(session.user).toMatchObject({ email: "nyansatt@demo.no", fullName: "Nina Nyansatt" });
    expect(session.needsDepartment).toBe(true);
  });

  it("refuses an address outside the allowed domains and one the provider has not verified", async () => {
    for (const [login, code] of [
      ["utenfor", "email_domain_not_allowed"],
      ["ubekreftet", "oidc_email_unverified"],
    ]) {
      const c = t.client();
      expect(await finish(c, await callbackFor(c, login!))).toBe(`/login?sso=${code}`);
      expect(await c.session()).toBeNull();
    }
    expect(await t.ctx.db.select().from(user).where(eq(user.email, "noen@gmail.com"))).toHaveLength(0);
  });

  it("refuses an ID token with a wrong audience, an expired one and one with a wrong nonce", async () => {
    const now = Math.floor(Date.now() / 1000);
    const tampers = {
      audience: (claims: object) => ({ ...claims, aud: "another-app" }),
      expired: (claims: object) => ({ ...claims, iat: now - 7200, exp: now - 3600 }),
      nonce: (claims: object) => ({ ...claims, nonce: "not-the-one-we-sent" }),
    };
    for (const tamper of Object.values(tampers)) {
      op.tamper = tamper;
      const c = t.client();
      expect(await finish(c, await callbackFor(c, "kari"))).toBe("/login?sso=oidc_token_invalid");
      expect(await c.session()).toBeNull();
    }
    op.tamper = null;
  });

  it("uses a state once, and only in the browser that began it", async () => {
    const c = t.client();
    const callback = await callbackFor(c, "kari");
    // Another browser (no binding cookie) cannot finish it, and spends it.
    expect(await finish(t.client(), callback)).toBe("/login?sso=oidc_state_invalid");
    expect(await finish(c, callback)).toBe("/login?sso=oidc_state_invalid");
    expect(await c.session()).toBeNull();

    const d = t.client();
    const used = await callbackFor(d, "kari");
    expect(await finish(d, used)).toBe("/shifts/open");
    const replay = t.client();
    replay.setCookie("vaktrom.oidc", "guess");
    expect(await finish(replay, used)).toBe("/login?sso=oidc_state_invalid");
    expect(await finish(d, used)).toBe("/login?sso=oidc_state_invalid");
  });

  it("refuses a deactivated person", async () => {
    const [ola] = await t.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, "ola@demo.no"));
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, ola!.id));
    const c = t.client();
    expect(await finish(c, await callbackFor(c, "ola"))).toBe("/login?sso=user_deactivated");
    expect(await c.session()).toBeNull();
    await t.ctx.db.update(staff).set({ isActive: true }).where(eq(staff.userId, ola!.id));
  });

  it("ends the provider's session too when signing out, and only for a single sign-on", async () => {
    const c = t.client();
    await finish(c, await callbackFor(c, "kari"));
    const out = await c.post("/api/auth/sign-out");
    const logout = new URL(out.json().providerLogoutUrl);
    expect(logout.origin).toBe(op.issuer);
    expect(logout.searchParams.get("post_logout_redirect_uri")).toBe(`${appUrl}/login`);
    expect(logout.searchParams.get("id_token_hint")).toBeTruthy();
    expect(await c.session()).toBeNull();

    const p = t.client();
    await p.signIn("leder@demo.no");
    expect((await p.post("/api/auth/sign-out")).json()).toEqual({ ok: true, providerLogoutUrl: null });
  });

  it("lets what a sign-in keeps expire: a sign-in never finished, a session's ID token", async () => {
    const c = t.client();
    await finish(c, await callbackFor(c, "kari"));
    await t.client().get("/api/auth/oidc/start");
    const kept = () =>
      t.ctx.db
        .select({ identifier: verification.identifier })
        .from(verification)
        .where(like(verification.identifier, "oidc-%"));
    const before = await kept();
    expect(before.some((r) => r.identifier.startsWith("oidc-state:"))).toBe(true);
    expect(before.some((r) => r.identifier.startsWith("oidc-session:"))).toBe(true);
    expect(await expireSignInState(t.ctx.db, new Date())).toBe(0);
    // After the pending sign-in's 10 minutes, then after the session's 12 hours.
    expect(await expireSignInState(t.ctx.db, new Date(Date.now() + 11 * 60_000))).toBeGreaterThan(0);
    expect((await kept()).every((r) => r.identifier.startsWith("oidc-session:"))).toBe(true);
    await expireSignInState(t.ctx.db, new Date(Date.now() + 13 * 3600_000));
    expect(await kept()).toEqual([]);
  });

  it("sends the browser back to the login page when the provider cannot be reached", async () => {
    const away = await createTestApp(
      { OIDC_ISSUER: "http://127.0.0.1:9", OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" },
      { seed: false },
    );
    const res = await away.client().get("/api/auth/oidc/start");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?sso=oidc_unavailable");
    await away.close();
  });
});

describe("private_key_jwt, as HelseID wants", () => {
  it("signs Kari in with the client's signed assertion instead of a secret", async () => {
    const op = await startTestProvider({
      redirectUri: `${appUrl}/api/auth/oidc/callback`,
      privateKeyJwt: true,
    });
    op.accounts.set("kari", { email: "kari@demo.no", email_verified: true });
    const t = await createTestApp({
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_PRIVATE_KEY: op.clientPrivateKey!,
    });
    try {
      const c = t.client();
      expect(await finish(c, await callbackFor(c, "kari"))).toBe("/shifts/open");
      expect((await c.session()).user.email).toBe("kari@demo.no");
    } finally {
      await t.close();
      await op.close();
    }
  });
});

describe("OIDC_ONLY=1", () => {
  let op: TestProvider;
  let t: TestApp;
  beforeAll(async () => {
    op = await startTestProvider({ redirectUri: `${appUrl}/api/auth/oidc/callback` });
    t = await createTestApp({
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: op.clientId,
      OIDC_CLIENT_SECRET: op.clientSecret,
      OIDC_ONLY: "1",
    });
  });
  afterAll(async () => {
    await t.close();
    await op.close();
  });

  it("turns off passwords, registration and resets", async () => {
    expect((await t.client().get("/api/config")).json().singleSignOn.only).toBe(true);
    const c = t.client();
    const refusals = [
      await c.post("/api/auth/sign-in", { email: "kari@demo.no", password: "demo1234" }),
      await c.post("/api/auth/register", {
        fullName: "Ny Person",
        email: "ny@demo.no",
        password: "hemmelig1",
        confirmPassword: "hemmelig1",
      }),
      await c.post("/api/auth/password-reset", { email: "kari@demo.no" }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("oidc_only");
    }
    expect(await c.session()).toBeNull();
  });

  it("keeps an audited break-glass link for admins, and sends none to anyone else", async () => {
    await t.client().post("/api/auth/magic-link", { email: "kari@demo.no" });
    expect(await t.mailsTo("kari@demo.no")).toHaveLength(0);

    const c = t.client();
    await c.post("/api/auth/magic-link", { email: "admin@demo.no" });
    const token = await tokenFromMail(t, "admin@demo.no", "/auth/magic");
    expect((await c.post("/api/auth/magic-link/verify", { token })).statusCode).toBe(200);
    expect((await c.session()).user.email).toBe("admin@demo.no");
    const audited = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "auth.breakGlass"));
    expect(audited).toHaveLength(1);
  });
});
