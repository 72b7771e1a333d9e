/**
 * An address belongs to whoever reads its mail. A registration nobody confirmed holds
 * nothing against that person; a password can always be replaced by its owner.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, staff, user } from "../../db/schema.ts";
import { createTestApp, type TestApp, tokenFromMail } from "../../test/harness.ts";
import { expireUnconfirmedRegistrations } from "./service.ts";

const victim = "siri@sykehus.no";
const register = (password: string, fullName = "Siri Lund") => ({
  fullName,
  email: victim,
  password,
  confirmPassword: password,
});

describe("an unconfirmed registration of someone else's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userRow = async () => (await t.ctx.db.select().from(user).where(eq(user.email, victim)))[0];

  it("is replaced when the owner registers", async () => {
    expect((await t.client().post("/api/auth/register", register("fremmed1", "Fremmed"))).statusCode).toBe(
      201,
    );
    const stranger = await userRow();
    const owner = await t.client().post("/api/auth/register", register("eier-passord"));
    expect(owner.statusCode).toBe(201);
    const now = await userRow();
    expect(now!.id).not.toBe(stranger!.id);
    expect(now!.name).toBe("Siri Lund");

    // The owner confirms: the stranger's password is gone with their registration.
    const c = t.client();
    await c.post("/api/auth/confirm", {
      token: await tokenFromMail(t, victim, "/auth/confirm"),
      password: "eier-passord",
    });
    expect((await c.session()).user.email).toBe(victim);
    const byStranger = await t.client().post("/api/auth/sign-in", { email: victim, password: "fremmed1" });
    expect(byStranger.statusCode).toBe(401);
    const byOwner = await t.client().post("/api/auth/sign-in", { email: victim, password: "eier-passord" });
    expect(byOwner.statusCode).toBe(200);
  });
});

describe("a confirmation mail the owner never asked for", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("cannot confirm the stranger's registration without the stranger's password", async () => {
    await t.client().post("/api/auth/register", register("fremmed1", "Fremmed"));
    const token = await tokenFromMail(t, victim, "/auth/confirm");
    const owner = t.client();
    const res = await owner.post("/api/auth/confirm", { token, password: "eierens-gjetning" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("confirmation_password_wrong");
    expect(await owner.session()).toBeNull();
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, victim));
    expect(u!.emailVerified).toBe(false);
  });

  it("answers a forged link the same whatever the password (no password oracle)", async () => {
    await t.client().post("/api/auth/register", { ...register("fremmed1"), email: "lise@sykehus.no" });
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, "lise@sykehus.no"));
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const forged = `${part({ alg: "HS256", typ: "JWT" })}.${part({ email: "lise@sykehus.no", userId: u!.id })}.${"x".repeat(43)}`;
    for (const password of ["fremmed1", "feil-passord"]) {
      const res = await t.client().post("/api/auth/confirm", { token: forged, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.code).toBe("confirmation_invalid");
    }
  });

  it("from a replaced registration confirms nothing, not even the new one", async () => {
    await t.client().post("/api/auth/register", { ...register("fremmed1"), email: "tore@sykehus.no" });
    const old = await tokenFromMail(t, "tore@sykehus.no", "/auth/confirm");
    await t.client().post("/api/auth/register", { ...register("fremmed1"), email: "tore@sykehus.no" });
    const res = await t.client().post("/api/auth/confirm", { token: old, password: "fremmed1" });
    expect(res.statusCode).toBe(401);
    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, "tore@sykehus.no"));
    expect(u!.emailVerified).toBe(false);
  });
});

describe("a magic link to an unconfirmed address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reaches the owner, confirms the address and drops the stranger's password", async () => {
    await t.client().post("/api/auth/register", register("fremmed1", "Fremmed"));
    const link = await t.client().post("/api/auth/magic-link", { email: victim });
    expect(link.statusCode).toBe(200);
    const mails = await t.mailsTo(victim);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("Logg inn"), expect.any(String)]);

    const owner = t.client();
    const verify = await owner.post("/api/auth/magic-link/verify", {
      token: await tokenFromMail(t, victim, "/auth/magic"),
    });
    expect(verify.statusCode).toBe(200);
    expect((await owner.session()).user.email).toBe(victim);

    const [u] = await t.ctx.db.select().from(user).where(eq(user.email, victim));
    expect(u!.emailVerified).toBe(true);
    expect(await t.ctx.db.select().from(account).where(eq(account.userId, u!.id))).toHaveLength(0);
    const byStranger = await t.client().post("/api/auth/sign-in", { email: victim, password: "fremmed1" });
    expect(byStranger.statusCode).toBe(401);
  });
});

describe("unconfirmed registrations expire with their link", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("deletes those older than 24 hours and keeps newer and confirmed ones", async () => {
    await t.client().post("/api/auth/register", register("fremmed1"));
    await t.client().post("/api/auth/register", { ...register("hemmelig"), email: "ny@sykehus.no" });
    await t.ctx.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(user.email, victim));
    await t.ctx.db
      .update(user)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(user.email, "kari@demo.no"));
    expect(await expireUnconfirmedRegistrations(t.ctx.db, new Date())).toBe(1);
    const left = (await t.ctx.db.select({ email: user.email }).from(user)).map((u) => u.email);
    expect(left).not.toContain(victim);
    expect(left).toContain("ny@sykehus.no");
    expect(left).toContain("kari@demo.no");
  });
});

describe("'Glemt passord?'", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_EMAIL: "3" });
  });
  afterAll(() => t.close());

  it("mails a one-time link (token in the fragment) that sets a new password and ends every session", async () => {
    const phone = t.client();
    await phone.signIn("kari@demo.no");
    const res = await t.client().post("/api/auth/password-reset", { email: "kari@demo.no" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await t.mailsTo("kari@demo.no");
    expect(mail!.subject).toBe("Nytt passord for Vaktrom");
    expect(mail!.text).toMatch(/\/auth\/reset#token=\S+/);
    expect(mail!.text).toContain("60 minutter");
    const token = await tokenFromMail(t, "kari@demo.no", "/auth/reset");

    const set = await t.client().post("/api/auth/password-reset/confirm", {
      token,
      password: "nytt-passord",
      confirmPassword: "nytt-passord",
    });
    expect(set.statusCode).toBe(200);
    expect(await phone.session()).toBeNull();
    const [kari] = await t.ctx.db.select().from(user).where(eq(user.email, "kari@demo.no"));
    expect(await t.ctx.db.select().from(session).where(eq(session.userId, kari!.id))).toHaveLength(0);
    const old = await t.client().post("/api/auth/sign-in", { email: "kari@demo.no", password: "demo1234" });
    expect(old.statusCode).toBe(401);
    await t.client().signIn("kari@demo.no", "nytt-passord");

    const reuse = await t.client().post("/api/auth/password-reset/confirm", {
      token,
      password: "tredje-passord",
      confirmPassword: "tredje-passord",
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.code).toBe("password_reset_invalid");
  });

  it("answers unknown, unconfirmed and deactivated addresses like known ones, and mails none of them", async () => {
    await t.client().post("/api/auth/register", register("fremmed1"));
    const [ola] = await t.ctx.db.select().from(user).where(eq(user.email, "ola@demo.no"));
    await t.ctx.db.update(staff).set({ isActive: false }).where(eq(staff.userId, ola!.id));
    const answers = [];
    for (const email of ["sekretaer@demo.no", "ola@demo.no", "ingen@sykehus.no", victim]) {
      const res = await t.client().post("/api/auth/password-reset", { email });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await t.mailsTo("ingen@sykehus.no")).toHaveLength(0);
    expect((await t.mailsTo(victim)).map((m) => m.subject)).toEqual([expect.stringContaining("Bekreft")]);
    expect(await t.mailsTo("ola@demo.no")).toHaveLength(0);
    expect(await t.mailsTo("sekretaer@demo.no")).toHaveLength(1);
  });

  it("applies the password rules with the spec's texts, and refuses a made-up token", async () => {
    const cases = [
      [{ password: "", confirmPassword: "" }, 422, "all_fields_required"],
      [{ password: "hemmelig", confirmPassword: "annerledes" }, 422, "passwords_differ"],
      [{ password: "12345", confirmPassword: "12345" }, 422, "password_too_short"],
      [{ password: "hemmelig", confirmPassword: "hemmelig" }, 400, "password_reset_invalid"],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await t
        .client()
        .post("/api/auth/password-reset/confirm", { token: "oppdiktet-kode-123", ...body });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
  });

  it("is rate limited per address", async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.client().post("/api/auth/password-reset", { email: "leder@demo.no" })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
