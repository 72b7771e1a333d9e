import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staff, user, verification } from "../../db/schema.ts";
import { createTestApp, type TestApp, tokenFromMail } from "../../test/harness.ts";

const json = { "content-type": "application/json" };

describe("magic link", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_EMAIL: "4" });
  });
  afterAll(() => t.close());

  it("sends a link that signs in once and lands on the page asked for", async () => {
    const c = t.client();
    const res = await c.post("/api/auth/magic-link", { email: "kari@demo.no", next: "/shifts/swaps" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await t.mailsTo("kari@demo.no");
    expect(mail?.subject).toContain("Logg inn");
    // The token travels in the fragment, which a GET of the link never sends.
    expect(mail?.text).toMatch(/\/auth\/magic#token=\S+&next=%2Fshifts%2Fswaps/);
    expect(mail?.text).not.toMatch(/\/auth\/magic\?/);
    const token = await tokenFromMail(t, "kari@demo.no", "/auth/magic");

    // A mail gateway fetches the link: it gets the page, and the token stays usable.
    const scan = await t.client().get("/auth/magic");
    expect(scan.statusCode).toBe(200);
    expect(scan.headers["content-type"]).toContain("text/html");
    expect(scan.headers["set-cookie"]).toBeUndefined();

    const verify = await c.post("/api/auth/magic-link/verify", { token, next: "/shifts/swaps" });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ next: "/shifts/swaps" });
    expect((await c.session()).user.email).toBe("kari@demo.no");

    const again = await t.client().post("/api/auth/magic-link/verify", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("magic_link_invalid");
  });

  it("expires after 15 minutes", async () => {
    await t.client().post("/api/auth/magic-link", { email: "ola@demo.no" });
    await t.ctx.background.settled();
    const [row] = await t.ctx.db.select().from(verification).orderBy(sql`created_at desc`).limit(1);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(15, 0);
    await t.ctx.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row!.id));
    const token = await tokenFromMail(t, "ola@demo.no", "/auth/magic");
    const res = await t.client().post("/api/auth/magic-link/verify", { token });
    expect(res.json().error.code).toBe("magic_link_invalid");
  });

  it("answers an unknown address exactly like a known one, and sends nothing", async () => {
    const known = await t.client().post("/api/auth/magic-link", { email: "leder@demo.no" });
    const unknown = await t.client().post("/api/auth/magic-link", { email: "nobody@demo.no" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await t.mailsTo("nobody@demo.no")).toHaveLength(0);
    expect(await t.mailsTo("leder@demo.no")).toHaveLength(1);
    const [created] = await t.ctx.db.select().from(user).where(eq(user.email, "nobody@demo.no"));
    expect(created).toBeUndefined();
  });

  it("refuses a malformed address with 422 and a Norwegian message", async () => {
    const res = await t.client().post("/api/auth/magic-link", { email: "ikke-en-adresse" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: "invalid_email", message: "Ugyldig e-postadresse." });
  });

  it("rate limits repeated requests with 429", async () => {
    const c = t.client();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await c.post("/api/auth/magic-link", { email: "sekretaer@demo.no" })).statusCode);
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes[4]).toBe(429);
    const res = await c.post("/api/auth/magic-link", { email: "sekretaer@demo.no" });
    expect(res.json().error.code).toBe("rate_limited");
  });
});

describe("registration and password sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const valid = {
    fullName: "Nora Lie",
    email: "nora@sykehus.no",
    password: "hemmelig",
    confirmPassword: "hemmelig",
  };

  it.each([
    [{ ...valid, fullName: "" }, "all_fields_required", "Alle felt må fylles ut"],
    [{ ...valid, confirmPassword: "annerledes" }, "passwords_differ", "Passordene må være like"],
    [
      { ...valid, password: "12345", confirmPassword: "12345" },
      "password_too_short",
      "Passordet må være minst 6 tegn",
    ],
    [{ ...valid, email: "nora@" }, "invalid_email", "Ugyldig e-postadresse."],
  ])("refuses %o with the spec's text", async (body, code, message) => {
    const res = await t.client().post("/api/auth/register", body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code, message });
  });

  it("registers, refuses sign-in until confirmed, then the confirmation link signs in once", async () => {
    const c = t.client();
    const res = await c.post("/api/auth/register", valid);
    expect(res.statusCode).toBe(201);

    const early = await c.post("/api/auth/sign-in", { email: valid.email, password: valid.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe("email_not_confirmed");

    const mails = await t.mailsTo(valid.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Bekreft");
    expect(mails[0]!.text).toMatch(/\/auth\/confirm#token=\S+/);

    const token = await tokenFromMail(t, valid.email, "/auth/confirm");
    const scan = await t.client().get("/auth/confirm");
    expect(scan.headers["set-cookie"]).toBeUndefined();
    const [still] = await t.ctx.db.select().from(user).where(eq(user.email, valid.email));
    expect(still!.emailVerified).toBe(false);

    // The link alone does not confirm: the registration's password goes with it.
    const wrong = await c.post("/api/auth/confirm", { token, password: "gjettet" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("confirmation_password_wrong");
    const confirm = await c.post("/api/auth/confirm", { token, password: valid.password });
    expect(confirm.statusCode).toBe(200);
    const session = await c.session();
    expect(session.user.fullName).toBe("Nora Lie");
    expect(session.needsDepartment).toBe(true);
    expect(session.role).toBeNull();

    const second = t.client();
    await second.post("/api/auth/confirm", { token, password: valid.password });
    expect(await second.session()).toBeNull();

    const pw = t.client();
    const signIn = await pw.post("/api/auth/sign-in", { email: valid.email, password: valid.password });
    expect(signIn.statusCode).toBe(200);
    expect((await pw.session()).user.email).toBe(valid.email);

    // A confirmed address is taken.
    const dup = await t.client().post("/api/auth/register", { ...valid, email: "NORA@sykehus.no" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("E-posten er allerede registrert. Prøv å logge inn i stedet.");
  });

  it("refuses a wrong password with 401", async () => {
    const res = await t
      .client()
      .post("/api/auth/sign-in", { email: "kari@demo.no", password: "feil-passord" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("invalid_credentials");
  });

  it("sets an httpOnly, SameSite=Lax session cookie, not Secure in staging", async () => {
    const res = await t.client().post("/api/auth/sign-in", { email: "kari@demo.no", password: "demo1234" });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^vaktrom\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("signs out and forgets the session", async () => {
    const c = t.client();
    await c.signIn("kari@demo.no");
    expect(await c.session()).not.toBeNull();
    const res = await c.post("/api/auth/sign-out");
    expect(res.statusCode).toBe(200);
    expect(await c.session()).toBeNull();
  });

  it("refuses a deactivated user by password and sends no magic link", async () => {
    const [ola] = await t.ctx.db.select().from(user).where(eq(user.email, "ola@demo.no"));
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, ola!.id));
    const res = await t.client().post("/api/auth/sign-in", { email: "ola@demo.no", password: "demo1234" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("user_deactivated");
    const link = await t.client().post("/api/auth/magic-link", { email: "ola@demo.no" });
    expect(link.statusCode).toBe(200);
    expect(await t.mailsTo("ola@demo.no")).toHaveLength(0);
  });
});

describe("production rules", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { APP_ENV: "production", ALLOWED_EMAIL_DOMAINS: "sykehus.no", SESSION_IDLE_MINUTES: "30" },
      { seed: false },
    );
  });
  afterAll(() => t.close());

  async function confirmedUser(email: string) {
    const c = t.client();
    const res = await c.post("/api/auth/register", {
      fullName: "Eva Dahl",
      email,
      password: "hemmelig",
      confirmPassword: "hemmelig",
    });
    expect(res.statusCode).toBe(201);
    await c.post("/api/auth/confirm", {
      token: await tokenFromMail(t, email, "/auth/confirm"),
      password: "hemmelig",
    });
    return c;
  }

  it("refuses addresses outside ALLOWED_EMAIL_DOMAINS", async () => {
    const reg = await t.client().post("/api/auth/register", {
      fullName: "Ute Fra",
      email: "ute@gmail.com",
      password: "hemmelig",
      confirmPassword: "hemmelig",
    });
    expect(reg.statusCode).toBe(422);
    expect(reg.json().error.code).toBe("email_domain_not_allowed");
    const link = await t.client().post("/api/auth/magic-link", { email: "ute@gmail.com" });
    expect(link.statusCode).toBe(422);
  });

  it("sets a Secure cookie and ends idle sessions", async () => {
    const c = await confirmedUser("eva@sykehus.no");
    const s = await c.session();
    expect(s.user.email).toBe("eva@sykehus.no");
    const signIn = await t
      .client()
      .post("/api/auth/sign-in", { email: "eva@sykehus.no", password: "hemmelig" });
    // __Host-: Secure, Path=/ and no Domain, so no other host or subdomain can set it.
    const cookie = String(signIn.headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-vaktrom\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/Domain=/i);

    await t.ctx.db.execute(sql`update session set last_active_at = now() - interval '31 minutes'`);
    // Half an hour on, the seconds the app holds a session in memory are long past.
    t.ctx.sessions.forgetAll();
    const departments = await c.get("/api/departments");
    expect(departments.statusCode).toBe(401);
    expect(departments.json().error.code).toBe("session_expired");
    expect(await c.session()).toBeNull();
  });

  it("does not count background requests as activity", async () => {
    const c = await confirmedUser("per@sykehus.no");
    await t.ctx.db.execute(sql`update session set last_active_at = now() - interval '20 minutes'`);
    t.ctx.sessions.forgetAll();
    expect((await c.get("/api/departments", { "x-activity": "background" })).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update session set last_active_at = last_active_at - interval '11 minutes'`);
    t.ctx.sessions.forgetAll();
    expect((await c.get("/api/departments")).statusCode).toBe(401);
  });

  it("has no dev endpoints", async () => {
    for (const [method, url] of [
      ["GET", "/api/dev/mailbox"],
      ["GET", "/api/dev/demo-users"],
      ["POST", "/api/dev/impersonate"],
      ["POST", "/api/dev/auto-sign-in"],
      ["POST", "/api/dev/bootstrap"],
      ["GET", "/dev/mailbox"],
    ] as const) {
      const res = await t
        .client()
        .request(method, url, method === "POST" ? { email: "a@b.no" } : undefined, json);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
