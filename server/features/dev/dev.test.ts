import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

describe("staging dev tools", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the dev mailbox newest first", async () => {
    await t.client().post("/api/auth/magic-link", { email: "kari@demo.no" });
    await t.ctx.background.settled();
    await t.client().post("/api/auth/magic-link", { email: "ola@demo.no" });
    await t.ctx.background.settled();
    const mails = (await t.client().get("/api/dev/mailbox")).json();
    expect(mails.map((m: { to: string }) => m.to).slice(0, 2)).toEqual(["ola@demo.no", "kari@demo.no"]);
    expect(mails[0]).toEqual(
      expect.objectContaining({
        subject: expect.any(String),
        text: expect.any(String),
        html: expect.any(String),
        createdAt: expect.any(String),
      }),
    );
  });

  it("lists the demo users in their order", async () => {
    const users = (await t.client().get("/api/dev/demo-users")).json().users;
    expect(users.map((u: { email: string }) => u.email)).toEqual([
      "admin@demo.no",
      "leder@demo.no",
      "kari@demo.no",
      "ola@demo.no",
      "sekretaer@demo.no",
      "intensiv@demo.no",
    ]);
    expect(users[0]).toEqual({
      email: "admin@demo.no",
      fullName: "Ingrid Hansen",
      role: "admin",
      deptName: "Anestesi",
    });
  });

  it("switches user by impersonation and signs in the demo admin automatically", async () => {
    const c = t.client();
    expect((await c.post("/api/dev/impersonate", { email: "intensiv@demo.no" })).statusCode).toBe(200);
    expect((await c.session()).user.fullName).toBe("Per Olsen");
    const auto = t.client();
    expect((await auto.post("/api/dev/auto-sign-in")).statusCode).toBe(200);
    expect((await auto.session()).user.email).toBe("admin@demo.no");
    expect((await c.post("/api/dev/impersonate", { email: "ukjent@demo.no" })).statusCode).toBe(404);
  });

  it("bootstrap recreates missing demo users and is idempotent", async () => {
    expect((await t.client().post("/api/dev/bootstrap")).json()).toEqual({ created: 0 });
  });
});

describe("dev tools with AUTO_SIGNIN=0 and the devSwitcher flag", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-brand-"));
    await writeFile(path.join(dir, "brand.json"), JSON.stringify({ features: { devSwitcher: true } }));
    t = await createTestApp({ AUTO_SIGNIN: "0", BRAND_FILE: path.join(dir, "brand.json") });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("has no automatic sign-in", async () => {
    expect((await t.client().post("/api/dev/auto-sign-in")).statusCode).toBe(404);
    expect((await t.client().get("/api/config")).json().autoSignIn).toBe(false);
  });

  it("lists everyone in the current department for the switcher", async () => {
    const c = t.client();
    await c.signIn("intensiv@demo.no");
    await c.post("/api/auth/register", {
      fullName: "Anne Ny",
      email: "anne@x.no",
      password: "hemmelig",
      confirmPassword: "hemmelig",
    });
    const users = (await c.get("/api/dev/demo-users")).json().users;
    expect(users.map((u: { email: string }) => u.email)).toEqual(["intensiv@demo.no"]);
    const anestesi = t.client();
    await anestesi.signIn("kari@demo.no");
    const names = (await anestesi.get("/api/dev/demo-users"))
      .json()
      .users.map((u: { fullName: string }) => u.fullName);
    expect(names).toEqual(["Ingrid Hansen", "Kari Nordmann", "Lars Johansen", "Ola Nordmann", "Sofie Berg"]);
  });
});
