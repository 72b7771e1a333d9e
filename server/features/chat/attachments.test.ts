import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AttachmentDto, attachmentDto, messageDto, messagePage } from "../../../common/schemas/chat.ts";
import { chatMessageAttachments, chatMessages } from "../../db/schema.ts";
import { JobRunner } from "../../platform/jobs.ts";
import { fileUrlQuery, signFileUrl } from "../../platform/signed-urls.ts";
import { appWithout } from "../../test/factories.ts";
import {
  brokenForms,
  brokenMultipart,
  officeZip,
  pdf,
  phoneJpeg,
  png,
  zip,
} from "../../test/file-fixtures.ts";
import type { Client, TestApp } from "../../test/harness.ts";
import { createTestApp } from "../../test/harness.ts";
import { type DemoName, demoClients, demoIds, threadIdOf } from "./helpers.test-support.ts";
import { purgeDeletedJob } from "./message-purge.ts";

const MB = 1024 * 1024;

/** V8's collector, without starting the test process with --expose-gc. */
v8.setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** A multipart body with one file, as a browser's FormData sends it. */
function multipart(name: string, data: Buffer | Iterable<Buffer>, type = "application/octet-stream") {
  const boundary = `----vaktrom${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers = { "content-type": `multipart/form-data; boundary=${boundary}` };
  if (Buffer.isBuffer(data)) return { payload: Buffer.concat([head, data, tail]), headers };
  // A body produced as it is read: a large upload is never whole in the test either.
  return {
    payload: Readable.from(
      (function* () {
        yield head;
        yield* data;
        yield tail;
      })(),
    ),
    headers,
  };
}

describe("chat attachments", () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let as: Record<DemoName, Client>;
  let dept: string;
  let dm: string;

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t);
    as = await demoClients(t, ids);
    dept = threadIdOf(await as.kari.post("/api/chat/department"));
    dm = threadIdOf(await as.kari.post("/api/chat/direct", { userId: ids.ola }));
  });
  afterAll(() => t.close());

  const upload = (
    who: DemoName,
    thread: string,
    name: string,
    data: Buffer | Iterable<Buffer>,
    type?: string,
  ) => {
    const { payload, headers } = multipart(name, data, type);
    return as[who].request("POST", `/api/chat/threads/${thread}/attachments`, payload, headers);
  };
  async function uploaded(who: DemoName, thread: string, name: string, data: Buffer): Promise<AttachmentDto> {
    const res = await upload(who, thread, name, data);
    expect(res.statusCode, res.body).toBe(201);
    return attachmentDto.parse(res.json());
  }
  async function send(who: DemoName, thread: string, content: string, attachmentIds: string[]) {
    const res = await as[who].post(`/api/chat/threads/${thread}/messages`, { content, attachmentIds });
    expect(res.statusCode, res.body).toBe(201);
    return messageDto.parse(res.json());
  }
  const fetchFile = (who: DemoName, url: string) => as[who].get(url);
  const tmpFiles = () => readdir(path.join(t.ctx.config.dataDir, "uploads-tmp")).catch(() => []);

  describe("upload", () => {
    it("stores a picture with its size and a thumbnail, served with the stored type, inline", async () => {
      const file = await uploaded("kari", dept, "Sårbilde uke 12.png", await png(800, 600));
      expect(file).toMatchObject({
        name: "Sarbilde-uke-12.png",
        kind: "png",
        mimeType: "image/png",
        width: 800,
        height: 600,
      });
      const original = await fetchFile("kari", file.url);
      expect(original.statusCode).toBe(200);
      expect(original.headers).toMatchObject({
        "content-type": "image/png",
        "x-content-type-options": "nosniff",
        "content-disposition": 'inline; filename="Sarbilde-uke-12.png"',
      });
      const thumb = await fetchFile("kari", file.thumbnailUrl!);
      expect(thumb.headers["content-type"]).toBe("image/webp");
      const { width, height } = await sharp(thumb.rawPayload).metadata();
      expect([width, height]).toEqual([480, 360]);
    });

    it("takes a phone photo's GPS position and camera details away, and turns it upright", async () => {
      const photo = await phoneJpeg();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const file = await uploaded("kari", dept, "IMG_0042.jpg", photo);
      // The photo was 40 × 20 with 'rotate 90°': upright it is 20 × 40.
      expect([file.width, file.height]).toEqual([20, 40]);
      const served = await fetchFile("kari", file.url);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from("Telefon"))).toBe(false);
    });

    it("serves documents as downloads, and keeps HEIC as a file", async () => {
      const word = await uploaded("kari", dept, "Rutine.docx", officeZip("docx"));
      expect(word).toMatchObject({ kind: "docx", thumbnailUrl: null, width: null });
      const res = await fetchFile("kari", word.url);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="Rutine.docx"');
      const text = await uploaded("kari", dept, "notat.txt", Buffer.from("Husk å bestille mer NaCl.\n"));
      expect(text.mimeType).toBe("text/plain");
    });

    it("decides the kind from the bytes: SVG with script, HTML named .txt, a zip named .docx, a program named .png are refused", async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
      const program = Buffer.concat([
        Buffer.from("MZ"),
        Buffer.alloc(62),
        Buffer.from("PE\0\0"),
        Buffer.alloc(200),
      ]);
      for (const [name, data] of [
        ["tegning.svg", svg],
        ["tegning.png", svg],
        ["notat.txt", html],
        ["rapport.docx", zip({ "a.txt": "hei" })],
        ["bilde.png", program],
      ] as const) {
        const res = await upload("kari", dept, name, data, "image/png");
        expect(res.statusCode, name).toBe(422);
        expect(res.json().error.code, name).toBe("upload_type_not_allowed");
        expect(res.json().error.message, name).toMatch(/^Filtype ".+" er ikke tillatt\.$/);
      }
      expect(await tmpFiles()).toEqual([]);
    });

    it("refuses a file over 10 MB with the spec's message", async () => {
      const res = await upload("kari", dept, "video.png", Buffer.alloc(10 * MB + 1));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({
        code: "upload_too_large",
        message: 'Fil "video.png" er for stor. Maks 10MB tillatt.',
      });
    });

    // Only against an external PostgreSQL: PGlite's WebAssembly memory lives in this process
    // and grows in steps of megabytes whenever the database works, which this would count.
    it.runIf(process.env.TEST_DRIVER === "postgres")(
      "refuses a 50 MB upload without the server's memory growing by more than a few MB",
      async () => {
        const chunkSize = 256 * 1024;
        let sent = 0;
        const held: number[] = [];
        // Measured after a collection as the server asks for each next 2 MB: what it keeps
        // while it reads, not the garbage the pieces leave.
        const chunks = (function* () {
          while (sent < 50 * MB) {
            if (sent % (2 * MB) === 0) {
              collectGarbage();
              const { heapUsed, arrayBuffers } = process.memoryUsage();
              held.push(heapUsed + arrayBuffers);
            }
            sent += chunkSize;
            // A fresh piece each time, as from a network: pieces kept would add up.
            yield Buffer.alloc(chunkSize, 0x61);
          }
        })();
        const res = await upload("kari", dept, "stor.pdf", chunks);
        expect(res.statusCode).toBe(413);
        // The first reading may still hold memory freed before (set-up), so it is no peak.
        const growth = Math.max(...held.slice(1)) - Math.min(...held);
        expect(growth).toBeLessThan(6 * MB);
        expect(await tmpFiles()).toEqual([]);
      },
    );

    it("is for people who may write in the thread: 404 for others", async () => {
      const res = await upload("per", dept, "bilde.png", await png());
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("thread_not_found");
      expect((await upload("admin", dm, "bilde.png", await png())).statusCode).toBe(404);
    });

    it("needs a file", async () => {
      const res = await as.kari.request("POST", `/api/chat/threads/${dept}/attachments`, { content: "x" });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it("names a file for what its bytes are: text called .bat, .hta, .js, .html or .svg downloads as .txt", async () => {
      for (const name of ["oppdater-turnus.bat", "vakt.hta", "skript.js", "side.html", "logo.svg"]) {
        const text = await uploaded("kari", dept, name, Buffer.from("Husk å oppdatere turnus.\n"));
        expect(text.name, name).toBe(`${name}.txt`);
        const res = await fetchFile("kari", text.url);
        expect(res.headers["content-disposition"], name).toBe(`attachment; filename="${name}.txt"`);
        expect(res.headers["content-type"], name).toBe("text/plain");
      }
      // A real PDF keeps its bytes and gets the extension of what it is.
      const real = await uploaded("kari", dept, "vaktliste.html", pdf());
      expect(real).toMatchObject({ name: "vaktliste.html.pdf", kind: "pdf" });
      expect((await fetchFile("kari", real.url)).headers["content-disposition"]).toBe(
        'attachment; filename="vaktliste.html.pdf"',
      );
    });

    it("refuses a file that starts like a PDF but is a web page, or is cut off, and keeps nothing", async () => {
      const before = await t.ctx.db.select().from(chatMessageAttachments);
      const html = "%PDF-1.4\n<html><body><script>fetch('/api/auth/session')</script></body></html>\n%%EOF\n";
      const page = await upload("kari", dept, "vaktliste.html", Buffer.from(html), "application/pdf");
      expect(page.statusCode).toBe(422);
      expect(page.json().error).toEqual({
        code: "upload_type_not_allowed",
        message: 'Filtype "html" er ikke tillatt.',
      });
      const whole = pdf();
      const cut = await upload("kari", dept, "vaktliste.pdf", whole.subarray(0, whole.length - 40));
      expect(cut.statusCode).toBe(422);
      expect(cut.json().error).toEqual({
        code: "upload_file_damaged",
        message: 'Filen "vaktliste.pdf" er skadet eller ufullstendig.',
      });
      expect(await t.ctx.db.select().from(chatMessageAttachments)).toEqual(before);
      expect(await tmpFiles()).toEqual([]);
    });

    it("answers a body that is not a readable form 400, and keeps nothing", async () => {
      const before = await t.ctx.db.select().from(chatMessageAttachments);
      for (const [kind, code] of brokenForms) {
        const { payload, headers } = brokenMultipart(kind, await png());
        const res = await as.kari.request("POST", `/api/chat/threads/${dept}/attachments`, payload, headers);
        expect(res.statusCode, kind).toBe(400);
        expect(res.json().error.code, kind).toBe(code);
      }
      expect(await t.ctx.db.select().from(chatMessageAttachments)).toEqual(before);
      expect(await tmpFiles()).toEqual([]);
    });
  });

  describe("sending and reading", () => {
    it("a message may be files alone; its readers get links signed for them", async () => {
      const file = await uploaded("kari", dm, "skjema.pdf", pdf());
      const message = await send("kari", dm, "", [file.id]);
      expect(message.content).toBe("");
      expect(message.attachments.map((a) => a.id)).toEqual([file.id]);
      const asOla = messageDto.parse((await as.ola.get(`/api/chat/messages/${message.id}`)).json());
      const olaUrl = asOla.attachments[0]!.url;
      expect(olaUrl).not.toBe(message.attachments[0]!.url);
      expect((await fetchFile("ola", olaUrl)).statusCode).toBe(200);
      // A link works only for the one it was made for.
      expect((await fetchFile("ola", message.attachments[0]!.url)).statusCode).toBe(403);
    });

    it("the newest page, kept in memory between the thread's events, signs links for each reader", async () => {
      const file = await uploaded("kari", dept, "vaktliste.pdf", pdf());
      const message = await send("kari", dept, "Ny liste", [file.id]);
      const newestLink = async (who: DemoName) => {
        const page = messagePage.parse((await as[who].get(`/api/chat/threads/${dept}/messages`)).json());
        return page.messages.find((m) => m.id === message.id)!.attachments[0]!.url;
      };
      // Two readers who neither wrote nor reacted to it: the second gets a link of their own.
      const forOla = await newestLink("ola");
      const forLeader = await newestLink("leader");
      expect((await fetchFile("ola", forOla)).statusCode).toBe(200);
      expect((await fetchFile("leader", forLeader)).statusCode).toBe(200);
    });

    it("a file not yet sent is its uploader's: others can neither read nor send it", async () => {
      const file = await uploaded("kari", dept, "utkast.png", await png());
      expect((await fetchFile("ola", file.url)).statusCode).toBe(404);
      const res = await as.ola.post(`/api/chat/threads/${dept}/messages`, {
        content: "Se her",
        attachmentIds: [file.id],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe("attachments_not_available");
      // Nor can it go to another thread, or be sent twice.
      const elsewhere = await as.kari.post(`/api/chat/threads/${dm}/messages`, {
        content: "x",
        attachmentIds: [file.id],
      });
      expect(elsewhere.statusCode).toBe(422);
      await send("kari", dept, "Se her", [file.id]);
      const twice = await as.kari.post(`/api/chat/threads/${dept}/messages`, {
        content: "x",
        attachmentIds: [file.id],
      });
      expect(twice.statusCode).toBe(422);
    });

    it("a private thread's files are not there for anyone else, whatever link they hold", async () => {
      const file = await uploaded("kari", dm, "vaktliste.xlsx", officeZip("xlsx"));
      await send("kari", dm, "Ny liste", [file.id]);
      const forged = signedUrl(
        file.id,
        (await row(file.id)).storageKey,
        ids.admin,
        new Date(Date.now() + 60_000),
      );
      for (const who of ["admin", "per", "leader"] as const) {
        const res = await fetchFile(who, forged);
        expect(res.statusCode, who).toBe(404);
        expect(res.json().error.code).toBe("file_not_found");
      }
    });

    it("an expired or altered link is 403", async () => {
      const file = await uploaded("kari", dept, "bilde.png", await png());
      await send("kari", dept, "Bilde", [file.id]);
      const key = (await row(file.id)).storageKey;
      const expired = signedUrl(file.id, key, ids.kari, new Date(Date.now() - 1000));
      expect((await fetchFile("kari", expired)).json().error.code).toBe("file_link_expired");
      const url = new URL(file.url, "http://x");
      const sig = url.searchParams.get("sig")!;
      url.searchParams.set("sig", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
      expect((await fetchFile("kari", url.pathname + url.search)).statusCode).toBe(403);
      url.searchParams.set("sig", sig);
      url.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 60));
      const longer = await fetchFile("kari", url.pathname + url.search);
      expect(longer.statusCode).toBe(403);
      expect(longer.json().error.code).toBe("file_link_invalid");
      // The thumbnail's link does not open the original.
      const thumb = new URL(file.thumbnailUrl!, "http://x");
      thumb.searchParams.set("variant", "original");
      expect((await fetchFile("kari", thumb.pathname + thumb.search)).statusCode).toBe(403);
    });

    it("a deleted message's files are its author's during undo, and gone from disk after", async () => {
      const file = await uploaded("kari", dept, "feil.png", await png());
      const message = await send("kari", dept, "Feil bilde", [file.id]);
      expect((await as.kari.request("DELETE", `/api/chat/messages/${message.id}`)).statusCode).toBe(200);
      const mine = messageDto.parse((await as.kari.get(`/api/chat/messages/${message.id}`)).json());
      expect(mine.attachments).toHaveLength(1);
      expect((await fetchFile("kari", mine.attachments[0]!.url)).statusCode).toBe(200);
      const theirs = messageDto.parse((await as.ola.get(`/api/chat/messages/${message.id}`)).json());
      expect(theirs.attachments).toEqual([]);
      const { storageKey, thumbnailKey } = await row(file.id);
      expect(
        (await fetchFile("ola", signedUrl(file.id, storageKey, ids.ola, new Date(Date.now() + 60_000))))
          .statusCode,
      ).toBe(404);

      // The window passes; the purge takes the text and the files.
      await t.ctx.db
        .update(chatMessages)
        .set({ deletedAt: new Date(Date.now() - 6 * 60_000) })
        .where(eq(chatMessages.id, message.id));
      const runner = new JobRunner({ db: t.ctx.db, bus: t.ctx.bus, clock: t.ctx.clock, log: t.ctx.log }, [
        purgeDeletedJob(t.ctx.files),
      ]);
      await runner.runNow("chat.purge-deleted-messages");
      await runner.stop();
      expect(await t.ctx.files.exists(storageKey)).toBe(false);
      expect(await t.ctx.files.exists(thumbnailKey!)).toBe(false);
      expect(
        await t.ctx.db.select().from(chatMessageAttachments).where(eq(chatMessageAttachments.id, file.id)),
      ).toEqual([]);
      expect((await fetchFile("kari", mine.attachments[0]!.url)).statusCode).toBe(404);
    });
  });

  async function row(id: string) {
    const [found] = await t.ctx.db
      .select()
      .from(chatMessageAttachments)
      .where(eq(chatMessageAttachments.id, id));
    return found!;
  }
  function signedUrl(id: string, key: string, userId: string, expiresAt: Date) {
    const params = signFileUrl({ key, userId, expiresAt }, t.ctx.fileUrlSecret);
    return `/api/chat/files/${id}?variant=original&${fileUrlQuery(params)}`;
  }
});

describe("chat attachments switched off", () => {
  let t: TestApp;
  let as: Record<DemoName, Client>;
  beforeAll(async () => {
    t = await appWithout(["chatAttachments"]);
    as = await demoClients(t, await demoIds(t));
  });
  afterAll(() => t.close());

  it("answer 404 feature_disabled for uploads, files and messages that name files", async () => {
    const dept = threadIdOf(await as.kari.post("/api/chat/department"));
    const { payload, headers } = multipart("bilde.png", await png());
    const res = await as.kari.request("POST", `/api/chat/threads/${dept}/attachments`, payload, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("feature_disabled");
    const file = await as.kari.get(`/api/chat/files/${randomUUID()}?exp=1&sig=x`);
    expect(file.json().error.code).toBe("feature_disabled");
    const message = await as.kari.post(`/api/chat/threads/${dept}/messages`, {
      content: "x",
      attachmentIds: [randomUUID()],
    });
    expect(message.statusCode).toBe(404);
    expect(message.json().error.code).toBe("feature_disabled");
  });
});
