import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStaff } from "../../test/factories.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";

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

  it("lists the demo users of the current department for the switcher, nobody else", async () => {
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
    const deptId = (await anestesi.session()).memberships[0].deptId;
    await makeStaff(t, { role: "staff", dept: deptId, active: true, name: "Anne Annen" });
    const names = (await anestesi.get("/api/dev/demo-users"))
      .json()
      .users.map((u: { fullName: string }) => u.fullName);
    expect(names).toEqual(["Ingrid Hansen", "Kari Nordmann", "Lars Johansen", "Ola Nordmann", "Sofie Berg"]);
  });
});

describe("the demo tools reach only the fixed demo accounts", () => {
  let t: TestApp;
  let admin: Client;
  let anestesi: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = t.client();
    await admin.signIn("admin@demo.no");
    anestesi = (await admin.session()).memberships[0].deptId;
  });
  afterAll(() => t.close());

  const addUser = (email: string) =>
    admin.post("/api/admin/users", {
      firstName: "Eva",
      lastName: "Lund",
      email,
      deptId: anestesi,
      role: "staff",
    });
  const idOf = async (email: string) =>
    (await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)).json().users[0]
      .userId as string;

  it("still signs in as a fixed demo account", async () => {
    const c = t.client();
    expect((await c.post("/api/dev/impersonate", { email: "ola@demo.no" })).statusCode).toBe(200);
    expect((await c.session()).user.email).toBe("ola@demo.no");
  });

  it("answers 404 for an account an admin created, and one the 'Demo-verktøy' made", async () => {
    expect((await addUser("eva.lund@demo.no")).statusCode).toBe(201);
    expect((await admin.post("/api/dev/demo-users", { firstName: "Tor", lastName: "Moe" })).statusCode).toBe(
      201,
    );
    for (const email of ["eva.lund@demo.no", "tor.moe@demo.no"]) {
      const c = t.client();
      expect((await c.post("/api/dev/impersonate", { email })).statusCode).toBe(404);
      expect(await c.session()).toBeNull();
      expect((await admin.post("/api/dev/sign-in-link", { email })).statusCode).toBe(404);
    }
    expect(await t.mailsTo("tor.moe@demo.no")).toEqual([]);
  });

  it("does not bring back a demo account an admin deleted, nor treat a new account at its address as one", async () => {
    const kari = await idOf("kari@demo.no");
    expect((await admin.request("DELETE", `/api/admin/users/${kari}`)).statusCode).toBe(204);
    expect((await t.client().post("/api/dev/bootstrap")).json()).toEqual({ created: 0 });
    expect((await t.client().post("/api/dev/impersonate", { email: "kari@demo.no" })).statusCode).toBe(404);

    expect((await addUser("kari@demo.no")).statusCode).toBe(201);
    expect((await t.client().post("/api/dev/impersonate", { email: "kari@demo.no" })).statusCode).toBe(404);
    expect((await admin.post("/api/dev/sign-in-link", { email: "kari@demo.no" })).statusCode).toBe(404);
    const listed = (await t.client().get("/api/dev/demo-users")).json().users;
    expect(listed.map((u: { email: string }) => u.email)).not.toContain("kari@demo.no");
  });
});
