import { randomUUID } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userLimits } from "../../../common/schemas/users.ts";
import { adminAuditLog, profiles, user } from "../../db/schema.ts";
import { addInterest, assignShiftTo, makeShift, signedInClient } from "../../test/factories.ts";
import { brokenForms, brokenMultipart, multipartFile, phoneJpeg, png } from "../../test/file-fixtures.ts";
import { type Client, createTestApp, type TestApp } from "../../test/harness.ts";

describe("avatars and 'Min Profil'", () => {
  let t: TestApp;
  let ids: Record<"kari" | "ola" | "admin" | "per", string>;
  let as: Record<"kari" | "ola" | "admin" | "per", Client>;

  beforeAll(async () => {
    t = await createTestApp();
    const people = await t.ctx.db.select({ id: user.id, email: user.email }).from(user);
    const id = (email: string) => people.find((p) => p.email === email)!.id;
    ids = {
      kari: id("kari@demo.no"),
      ola: id("ola@demo.no"),
      admin: id("admin@demo.no"),
      per: id("intensiv@demo.no"), // Intensiv; the others are in Anestesi
    };
    as = {
      kari: await signedInClient(t, ids.kari),
      ola: await signedInClient(t, ids.ola),
      admin: await signedInClient(t, ids.admin),
      per: await signedInClient(t, ids.per),
    };
  });
  afterAll(() => t.close());

  const upload = (c: Client, userId: string, name: string, data: Buffer) => {
    const { payload, headers } = multipartFile(name, data, "image/png");
    return t.app.inject({
      method: "PUT",
      url: `/api/users/${userId}/avatar`,
      payload,
      headers: { ...headers, ...c.browserHeaders() },
    });
  };
  // Read through the store: on disk with PGlite, in the database with PostgreSQL.
  const storedKey = (userId: string) => `avatars/${userId}/avatar.webp`;
  const stored = async (userId: string) => buffer((await t.ctx.files.get(storedKey(userId)))!);

  describe("upload", () => {
    it("re-encodes my photo as a square WebP without metadata, served under a versioned address", async () => {
      const res = await upload(as.kari, ids.kari, "IMG_0042.jpg", await phoneJpeg());
      expect(res.statusCode, res.body).toBe(200);
      const { avatarUrl } = res.json();
      expect(avatarUrl).toMatch(new RegExp(`^/api/avatars/${ids.kari}\\?v=\\d+$`));

      const meta = await sharp(await stored(ids.kari)).metadata();
      expect(meta).toMatchObject({
        format: "webp",
        width: userLimits.avatarSize,
        height: userLimits.avatarSize,
      });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, ids.kari));
      expect(row!.avatarPath).toBe(`avatars/${ids.kari}/avatar.webp`);

      // A colleague sees it, and the address everywhere is this one.
      const served = await as.ola.get(avatarUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toContain("immutable");
      expect((await as.kari.session()).user.avatarUrl).toBe(avatarUrl);
      const colleagues = (
        await as.ola.get(`/api/departments/${(await as.ola.session()).currentDeptId}/staff`)
      ).json();
      expect(JSON.stringify(colleagues)).toContain(avatarUrl);
      expect((await t.client().get(avatarUrl)).statusCode).toBe(401);
    });

    it("answers a body that is not a readable form 400, and keeps the avatar", async () => {
      await upload(as.ola, ids.ola, "a.png", await png());
      const [before] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, ids.ola));
      for (const [kind, code] of brokenForms) {
        const { payload, headers } = brokenMultipart(kind, await png());
        const res = await t.app.inject({
          method: "PUT",
          url: `/api/users/${ids.ola}/avatar`,
          payload,
          headers: { ...headers, ...as.ola.browserHeaders() },
        });
        expect(res.statusCode, kind).toBe(400);
        expect(res.json().error.code, kind).toBe(code);
      }
      const [after] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, ids.ola));
      expect(after).toEqual(before);
    });

    it("gives a new picture a new address and keeps one file", async () => {
      const first = (await upload(as.ola, ids.ola, "a.png", await png(300, 200))).json().avatarUrl;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = (await upload(as.ola, ids.ola, "b.png", await png(100, 400))).json().avatarUrl;
      expect(second).not.toBe(first);
      expect(await t.ctx.files.exists(storedKey(ids.ola))).toBe(true);
    });

    it("refuses what is not a picture, whatever its name", async () => {
      const res = await upload(as.kari, ids.kari, "bilde.png", Buffer.from("Dette er ikke et bilde\n"));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe("Filen må være et bilde");
    });

    it("refuses more than 5 MB while it streams", async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(6 * 1024 * 1024)]);
      const res = await upload(as.kari, ids.kari, "stor.png", big);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe("Bildet kan ikke være større enn 5MB");
    });

    it("asks the signed-out to sign in, and lets only admins change someone else's", async () => {
      const anon = await upload(t.client(), ids.kari, "a.png", await png());
      expect(anon.statusCode).toBe(401);
      expect(anon.json().error.message).toBe("Du må være innlogget for å laste opp avatar");
      expect((await upload(as.ola, ids.kari, "a.png", await png())).statusCode).toBe(403);

      const res = await upload(as.admin, ids.kari, "a.png", await png());
      expect(res.statusCode).toBe(200);
      const audit = await t.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "user.avatar"), eq(adminAuditLog.targetId, ids.kari)));
      expect(audit).toHaveLength(1);
      expect((await upload(as.admin, randomUUID(), "a.png", await png())).statusCode).toBe(404);
    });
  });

  it("shows a face to the owner, to people who share a department with them and to admins: 404 for others", async () => {
    const kari = (await upload(as.kari, ids.kari, "meg.png", await png())).json().avatarUrl;
    const per = (await upload(as.per, ids.per, "meg.png", await png())).json().avatarUrl;
    expect((await as.kari.get(kari)).statusCode).toBe(200);
    expect((await as.ola.get(kari)).statusCode).toBe(200);
    expect((await as.admin.get(kari)).statusCode).toBe(200);
    expect((await as.per.get(per)).statusCode).toBe(200);
    // Per works in Intensiv only: Anestesi's faces are not there for him, nor his for them.
    const refused = await as.per.get(kari);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe("avatar_not_found");
    expect((await as.kari.get(per)).statusCode).toBe(404);
    // The admin's record is in Anestesi; an admin sees everyone's (the user list).
    const served = await as.admin.get(per);
    expect(served.statusCode).toBe(200);
    // The answer depends on who asks: only the asker's browser may keep it.
    expect(served.headers["cache-control"]).toMatch(/^private,/);
    expect((await as.per.get(`/api/avatars/${randomUUID()}?v=1`)).statusCode).toBe(404);
  });

  it("gives the same address wherever Kari is shown: chat, interest lists, assigned shifts", async () => {
    const avatarUrl = (await upload(as.kari, ids.kari, "meg.png", await png())).json().avatarUrl;
    const thread = (await as.kari.post("/api/chat/department")).json().id;
    await as.kari.post(`/api/chat/threads/${thread}/messages`, { content: "Med bilde" });
    const page = (await as.ola.get(`/api/chat/threads/${thread}/messages`)).json();
    const mine = page.messages.find((m: { content: string }) => m.content === "Med bilde");
    expect(mine.author.avatarUrl).toBe(avatarUrl);

    const dept = (await as.kari.session()).currentDeptId;
    const open = await makeShift(t, { dept });
    await addInterest(t, open.id, [ids.kari]);
    const taken = await makeShift(t, { dept, status: "assigned" });
    await assignShiftTo(t, taken.id, ids.kari);
    const shifts = JSON.stringify((await as.admin.get("/api/shifts?view=open")).json());
    expect(shifts).toContain(`{"userId":"${ids.kari}","name":"Kari Nordmann","avatarUrl":"${avatarUrl}"}`);
    const assigned = JSON.stringify((await as.kari.get("/api/shifts?view=assigned")).json());
    expect(assigned).toContain(avatarUrl);
  });

  it("removes the avatar and its file", async () => {
    await upload(as.ola, ids.ola, "a.png", await png());
    const res = await as.ola.request("DELETE", `/api/users/${ids.ola}/avatar`);
    expect(res.json()).toEqual({ avatarUrl: null });
    expect(await t.ctx.files.exists(storedKey(ids.ola))).toBe(false);
    expect((await as.ola.session()).user.avatarUrl).toBeNull();
    expect((await as.kari.get(`/api/avatars/${ids.ola}?v=1`)).statusCode).toBe(404);
  });

  it("lets me change my name and phone, in every copy of the name", async () => {
    const res = await as.ola.request("PATCH", "/api/profile", {
      firstName: "Ola Jakob",
      lastName: "Nordmann",
      phone: "+47 912 34 567",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fullName: "Ola Jakob Nordmann", phone: "+47 912 34 567" });
    const [u] = await t.ctx.db.select({ name: user.name }).from(user).where(eq(user.id, ids.ola));
    expect(u!.name).toBe("Ola Jakob Nordmann");
    expect((await as.ola.session()).user.firstName).toBe("Ola Jakob");
    const bad = await as.ola.request("PATCH", "/api/profile", { firstName: "", lastName: "X", phone: null });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.client().request("PATCH", "/api/profile", { firstName: "A", lastName: "B", phone: null }))
        .statusCode,
    ).toBe(401);
  });

  it("'Last ned mine data' holds my data and nobody else's", async () => {
    const thread = (await as.kari.post("/api/chat/department")).json().id;
    await as.kari.post(`/api/chat/threads/${thread}/messages`, { content: "Karis melding om vaktbytte" });
    await as.ola.post(`/api/chat/threads/${thread}/messages`, { content: "Olas hemmelige melding" });
    const res = await as.kari.get("/api/profile/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="mine-data.json"');
    const data = res.json();
    expect(data.profile).toMatchObject({
      userId: ids.kari,
      email: "kari@demo.no",
      fullName: "Kari Nordmann",
    });
    expect(data.staffRecords).toEqual([expect.objectContaining({ department: "Anestesi", role: "staff" })]);
    expect(data.messages.map((m: { text: string }) => m.text)).toContain("Karis melding om vaktbytte");
    for (const key of ["shifts", "interests", "swapOffers", "swapDeals", "notifications"])
      expect(Array.isArray(data[key]), key).toBe(true);
    expect(res.body).not.toContain("Olas hemmelige melding");
    expect(res.body).not.toContain("ola@demo.no");
    expect(res.body).not.toContain(ids.ola);
  });
});
