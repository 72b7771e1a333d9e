/**
 * The session cookie is read without better-auth's endpoint, so it must be read exactly
 * as better-auth writes it: checked against a cookie from a real sign-in.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { signedCookieValue } from "./auth.ts";

describe("the session cookie", () => {
  let t: TestApp;
  let cookie: string;
  let name: string;
  let secret: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const client = t.client();
    await client.signIn("kari@demo.no");
    cookie = client.cookieHeader();
    ({ name, secret } = await t.ctx.auth.$context.then((c) => ({
      name: c.authCookies.sessionToken.name,
      secret: c.secret,
    })));
    const [kari] = await t.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, "kari@demo.no"));
    const [row] = await t.ctx.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, kari!.id));
    token = row!.token;
  });
  afterAll(() => t.close());

  it("gives the token of the cookie better-auth set at sign-in", () => {
    expect(signedCookieValue(cookie, name, secret)).toBe(token);
    expect(signedCookieValue(`theme=dark; ${cookie}; x=1`, name, secret)).toBe(token);
  });

  it("refuses another secret, an altered token or signature, and a cookie of another name", () => {
    const signed = decodeURIComponent(
      cookie.slice(cookie.indexOf(`${name}=`) + name.length + 1).split(";")[0]!,
    );
    const dot = signed.lastIndexOf(".");
    const [value, signature] = [signed.slice(0, dot), signed.slice(dot + 1)];
    const as = (v: string) => `${name}=${encodeURIComponent(v)}`;
    expect(signedCookieValue(as(signed), name, `${secret}x`)).toBeNull();
    expect(signedCookieValue(as(`${value}x.${signature}`), name, secret)).toBeNull();
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect(signedCookieValue(as(`${value}.${flipped}`), name, secret)).toBeNull();
    expect(signedCookieValue(as(value), name, secret)).toBeNull();
    expect(signedCookieValue(`x${as(signed)}`, name, secret)).toBeNull();
    expect(signedCookieValue(`${name}=%E0%A4%A`, name, secret)).toBeNull();
  });
});
