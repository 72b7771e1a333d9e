import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";

describe("'Demo-verktøy': demo users and sign-in links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const admin = async () => {
    const c = t.client();
    await c.signIn("admin@demo.no");
    return c;
  };

  it("lets an admin create a demo user with the demo password, in Anestesi by default", async () => {
    const res = await (await admin()).post("/api/dev/demo-users", { firstName: "Åse", lastName: "Ødegård" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ email: "ase.odegard@demo.no", fullName: "Åse Ødegård" });
    const c = t.client();
    await c.signIn("ase.odegard@demo.no");
    const session = await c.session();
    expect(session.memberships).toEqual([expect.objectContaining({ deptName: "Anestesi", role: "staff" })]);
    const again = await (await admin()).post("/api/dev/demo-users", {
      firstName: "Åse",
      lastName: "Ødegård",
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses anyone but admins", async () => {
    const kari = t.client();
    await kari.signIn("kari@demo.no");
    expect((await kari.post("/api/dev/demo-users", { firstName: "A", lastName: "B" })).statusCode).toBe(403);
    expect((await kari.post("/api/dev/sign-in-link", { email: "ola@demo.no" })).statusCode).toBe(403);
    expect((await t.client().post("/api/dev/sign-in-link", { email: "ola@demo.no" })).statusCode).toBe(401);
  });

  it("gives an admin a magic link that signs in as the demo user", async () => {
    const res = await (await admin()).post("/api/dev/sign-in-link", { email: "ola@demo.no" });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/\/auth\/magic#token=/);
    const token = new URLSearchParams(new URL(url).hash.slice(1)).get("token");
    const c = t.client();
    expect((await c.post("/api/auth/magic-link/verify", { token })).statusCode).toBe(200);
    expect((await c.session()).user.email).toBe("ola@demo.no");
    expect((await (await admin()).post("/api/dev/sign-in-link", { email: "ingen@demo.no" })).statusCode).toBe(
      404,
    );
  });
});

describe("demo tools in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_ENV: "production" });
  });
  afterAll(() => t.close());

  it("are not there (404)", async () => {
    expect((await t.client().post("/api/dev/demo-users", { firstName: "A", lastName: "B" })).statusCode).toBe(
      404,
    );
    expect((await t.client().post("/api/dev/sign-in-link", { email: "ola@demo.no" })).statusCode).toBe(404);
  });
});
