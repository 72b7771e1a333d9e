import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import multipart from "@fastify/multipart";
import Fastify from "fastify";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attachmentKindInfo, chatUploadMaxBytes } from "../../common/domain/attachments.ts";
import { contentTypes, officeZip, pdf, phoneJpeg, zip } from "../test/file-fixtures.ts";
import {
  detectKind,
  plainTextCheck,
  processImage,
  receiveLimited,
  UnreadableImageError,
  UploadTooLargeError,
} from "./upload-inspect.ts";

const MB = 1024 * 1024;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "vaktrom-upload-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, data: string | Uint8Array): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, data);
  return p;
}

/** The tags of an EXIF block's first IFD (after the "Exif\0\0" header). */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const gpsIfdTag = 0x8825;

describe("receiveLimited", () => {
  it("writes the upload to a temp file and counts it", async () => {
    const tmpDir = path.join(dir, "tmp");
    const received = await receiveLimited(Readable.from([Buffer.from("Hei "), Buffer.from("alle")]), {
      maxBytes: 8,
      tmpDir,
    });
    expect(received.size).toBe(8);
    expect(await readFile(received.path, "utf8")).toBe("Hei alle");
    expect(path.dirname(received.path)).toBe(tmpDir);
  });

  it("refuses a 15 MB stream at 10 MB: stream destroyed, nothing left on disk", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let produced = 0;
    const source = new Readable({
      read() {
        if (produced >= 15 * MB) return void this.push(null);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const error = await receiveLimited(source, { maxBytes: chatUploadMaxBytes(), tmpDir: dir }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(UploadTooLargeError);
    expect(error.maxBytes).toBe(10 * MB);
    expect(source.destroyed).toBe(true);
    expect(produced).toBeLessThan(10 * MB + 1 * MB); // read no further than the limit and a little buffering
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a 50 MB upload without memory growing by more than a few MB", async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x62);
    let produced = 0;
    const source = new Readable({
      read() {
        if (produced >= 50 * MB) return void this.push(null);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const before = process.memoryUsage();
    await expect(receiveLimited(source, { maxBytes: 10 * MB, tmpDir: dir })).rejects.toThrow(
      UploadTooLargeError,
    );
    const after = process.memoryUsage();
    expect(produced).toBeLessThan(11 * MB);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(8 * MB);
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a stream @fastify/multipart cut off (truncated)", async () => {
    const source = Object.assign(Readable.from([Buffer.alloc(1000)]), { truncated: false });
    source.on("end", () => {
      source.truncated = true;
    });
    await expect(receiveLimited(source, { maxBytes: 1000, tmpDir: dir })).rejects.toThrow(
      UploadTooLargeError,
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it("leaves nothing when the client goes away mid-upload, and calls the body malformed", async () => {
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error("aborted"));
      },
    });
    await expect(receiveLimited(source, { maxBytes: MB, tmpDir: dir })).rejects.toMatchObject({
      status: 400,
      code: "upload_malformed",
    });
    expect(await readdir(dir)).toEqual([]);
  });

  describe("behind @fastify/multipart", () => {
    async function upload(bytes: number, fileSize: number) {
      const app = Fastify();
      await app.register(multipart, { limits: { fileSize, files: 1 } });
      app.post("/upload", async (request, reply) => {
        const part = await request.file();
        if (!part) return reply.status(400).send();
        try {
          const received = await receiveLimited(part.file, { maxBytes: 10 * MB, tmpDir: dir });
          return { size: received.size };
        } catch (err) {
          if (err instanceof UploadTooLargeError) return reply.status(413).send({ error: "too large" });
          throw err;
        }
      });
      const boundary = "----vaktrom";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        Buffer.alloc(bytes, 0x63),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: "POST",
        url: "/upload",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      await app.close();
      return res;
    }

    it("accepts a file of exactly 10 MB", async () => {
      const res = await upload(10 * MB, 10 * MB);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ size: 10 * MB });
    });

    it.each([
      ["multipart's fileSize cuts it off", 10 * MB],
      ["our count stops it", 20 * MB],
    ])("refuses 15 MB when %s, keeping nothing", async (_, fileSize) => {
      const res = await upload(15 * MB, fileSize);
      expect(res.statusCode).toBe(413);
      const left = await readdir(dir);
      expect(left.filter((f) => f.startsWith("upload-"))).toEqual([]);
    });
  });
});

describe("detectKind", () => {
  it("knows the allowed kinds from their bytes, whatever the name says", async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: "#fff0" } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    // The start of a HEIC file: an ftyp box with the 'heic' brand.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic\0\0\0\0mif1heic"),
      Buffer.alloc(64),
    ]);
    const docx = officeZip("docx");
    const xlsx = officeZip("xlsx");
    const cases: [string, string | Uint8Array, string][] = [
      ["bilde.png", jpeg, "jpeg"],
      ["bilde", png, "png"],
      ["bilde.jpg", webp, "webp"],
      ["IMG_0001.HEIC", heic, "heic"],
      ["dokument.txt", pdf(), "pdf"],
      ["ny.pdf", pdf({ xrefStream: true }), "pdf"],
      ["rapport.docx", docx, "docx"],
      ["liste.bin", xlsx, "xlsx"],
      ["notat.txt", "Vakt i morgen kl. 07.\nHusk nøkkelkort. 😊\n", "txt"],
      ["bom.txt", "\uFEFFMed BOM\r\n", "txt"],
      ["hjerte.txt", "<3 takk for i dag", "txt"],
      ["tom.txt", "", "txt"],
    ];
    for (const [name, data, kind] of cases) {
      const result = await detectKind(await file(name, data), name);
      expect(result, name).toEqual({ kind, mime: attachmentKindInfo[kind as "txt"].mime });
    }
  });

  it("refuses SVG with script, HTML named .txt, and a zip named .docx that is no Word document", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await detectKind(await file("logo.svg", svg), "logo.svg")).toEqual({ refused: "svg" });
    expect(await detectKind(await file("bilde.png", `  \n${svg}`), "bilde.png")).toEqual({ refused: "svg" });
    const xmlSvg = `<?xml version="1.0"?>\n${svg}`;
    expect(await detectKind(await file("a.txt", xmlSvg), "a.txt")).toEqual({ refused: "xml" });
    const html = "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>";
    expect(await detectKind(await file("side.txt", html), "side.txt")).toEqual({ refused: "html" });
    expect(await detectKind(await file("b.txt", "\uFEFF <HTML><p>hei</p></HTML>"), "b.txt")).toEqual({
      refused: "html",
    });
    expect(await detectKind(await file("c.txt", "<p onclick=x>hei</p>"), "c.txt")).toEqual({
      refused: "html",
    });
    expect(await detectKind(await file("d.txt", "Hei\nse her: <script>alert(1)</script>"), "d.txt")).toEqual({
      refused: "html",
    });
    const plainZip = zip({ "hei.txt": "hei", "bilde.jpg": "ikke et bilde" });
    expect(await detectKind(await file("rapport.docx", plainZip), "rapport.docx")).toEqual({
      refused: "zip",
    });
    const macro = zip({
      "[Content_Types].xml": contentTypes("application/vnd.ms-word.document.macroEnabled"),
      "word/document.xml": "<w:document/>",
    });
    expect(await detectKind(await file("makro.docx", macro), "makro.docx")).toEqual({ refused: "docm" });
  });

  it("refuses executables whatever they are called", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    expect(await detectKind(await file("bilde.png", elf), "bilde.png")).toEqual({ refused: "elf" });
    const pe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(126, 0x90)]);
    expect(await detectKind(await file("dokument.pdf", pe), "dokument.pdf")).toEqual({ refused: "exe" });
  });

  it("takes a PDF only when it is built as one: header, cross-references, end; no web page inside", async () => {
    const whole = pdf();
    const html = "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>";
    const cases: [string, string | Uint8Array, object][] = [
      ["vaktliste.pdf", whole, { kind: "pdf", mime: "application/pdf" }],
      // Only the magic, then a web page: what a browser would run if it opened it as HTML.
      ["vaktliste.html", `%PDF-1.4\n${html}\n%%EOF\n`, { refused: "html" }],
      [
        "vaktliste.pdf",
        Buffer.concat([Buffer.from(`%PDF-1.7\n${html}\n`), whole.subarray(9)]),
        { refused: "html" },
      ],
      ["kuttet.pdf", whole.subarray(0, whole.length - 30), { damaged: "pdf" }],
      ["uten-slutt.pdf", "%PDF-1.4\n1 0 obj << >> endobj\n", { damaged: "pdf" }],
      ["skjema.pdf", "%PDF-1.4\n%%EOF\n", { damaged: "pdf" }],
      ["feil-versjon.pdf", Buffer.concat([Buffer.from("%PDF-9.9"), whole.subarray(8)]), { damaged: "pdf" }],
      // startxref points past the end, or at something that is no cross-reference.
      [
        "langt.pdf",
        Buffer.from(whole.toString("latin1").replace(/startxref\n\d+/, "startxref\n99999999"), "latin1"),
        { damaged: "pdf" },
      ],
      [
        "skjevt.pdf",
        Buffer.from(whole.toString("latin1").replace(/startxref\n\d+/, "startxref\n3"), "latin1"),
        { damaged: "pdf" },
      ],
    ];
    for (const [name, data, expected] of cases)
      expect(await detectKind(await file(name, data), name), name).toEqual(expected);
  });

  it("refuses text with NUL bytes and bytes that are not UTF-8", async () => {
    expect(await detectKind(await file("a.txt", "hei\0hei"), "a.txt")).toEqual({ refused: "txt" });
    const latin1 = Buffer.from("Blåbærsyltetøy", "latin1");
    expect(await detectKind(await file("b.txt", latin1), "b.txt")).toEqual({ refused: "txt" });
    const cutInsideCharacter = Buffer.from("hei ø").subarray(0, -1);
    expect(await detectKind(await file("c", cutInsideCharacter), "c")).toEqual({ refused: "ukjent" });
    const utf16 = Buffer.from("\uFEFFhei", "utf16le");
    expect(await detectKind(await file("d.txt", utf16), "d.txt")).toEqual({ refused: "txt" });
  });

  it("reads long text in chunks and still finds markup across a chunk boundary", async () => {
    const long = `${"a".repeat(64 * 1024 - 3)}<scr${"ipt>".padEnd(10, " ")}`;
    expect(await plainTextCheck(await file("lang.txt", long))).toBe("html");
    const multiByteAtBoundary = `${"a".repeat(64 * 1024 - 1)}ø${"b".repeat(100)}`;
    expect(await plainTextCheck(await file("ø.txt", multiByteAtBoundary))).toBe("text");
  });
});

describe("processImage", () => {
  it("returns a JPEG with GPS EXIF without any EXIF, XMP, IPTC or ICC, turned upright", async () => {
    const original = await phoneJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(ifd0Tags(before.exif!)).toContain(gpsIfdTag);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const input = await file("upload-1", original);
    const out = await processImage(input, "jpeg");
    const cleaned = await readFile(out.path);
    const after = await sharp(cleaned).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(cleaned.includes(Buffer.from("Exif\0\0"))).toBe(false);
    expect(cleaned.includes(Buffer.from("Kari Nordmann"))).toBe(false);
    // 40 × 20 stored with "rotate 90°" is 20 × 40 upright.
    expect([out.width, out.height]).toEqual([20, 40]);
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  it.each(["png", "webp"] as const)("re-encodes %s without metadata", async (kind) => {
    const base = sharp({ create: { width: 30, height: 10, channels: 4, background: "#33669980" } }).withExif({
      IFD0: { Copyright: "Kari Nordmann" },
    });
    const original = await (kind === "png" ? base.png() : base.webp()).toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const out = await processImage(await file(`upload-${kind}`, original), kind);
    const after = await sharp(out.path).metadata();
    expect(after.format).toBe(kind);
    expect(after.exif).toBeUndefined();
    expect(after.hasAlpha).toBe(true);
    expect([out.width, out.height]).toEqual([30, 10]);
  });

  it("makes a WebP thumbnail at most 480 px on the longer side, never enlarged", async () => {
    const big = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#7a7" } })
      .jpeg()
      .toBuffer();
    const out = await processImage(await file("upload-big", big), "jpeg");
    const thumb = await sharp(out.thumbnailPath!).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 480, 360]);
    expect(thumb.exif).toBeUndefined();

    const small = await sharp({ create: { width: 100, height: 50, channels: 3, background: "#77a" } })
      .png()
      .toBuffer();
    const outSmall = await processImage(await file("upload-small", small), "png");
    const thumbSmall = await sharp(outSmall.thumbnailPath!).metadata();
    expect([thumbSmall.width, thumbSmall.height]).toEqual([100, 50]);
  });

  it("keeps HEIC and documents as they are, with no size", async () => {
    const input = await file("upload-heic", "not decoded");
    expect(await processImage(input, "heic")).toEqual({
      path: input,
      thumbnailPath: null,
      width: null,
      height: null,
    });
    expect(await processImage(input, "pdf")).toEqual({
      path: input,
      thumbnailPath: null,
      width: null,
      height: null,
    });
  });

  it("refuses a picture with more pixels than allowed before decoding it, leaving no temp files", async () => {
    const photo = await file("upload-px", await phoneJpeg());
    await expect(processImage(photo, "jpeg", { maxInputPixels: 100 })).rejects.toThrow(UnreadableImageError);

    // A PNG whose header claims 100 000 × 100 000 pixels (a decompression bomb's promise).
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const bombPath = await file("upload-bomb", bomb);
    expect(await detectKind(bombPath)).toEqual({ kind: "png", mime: "image/png" });
    await expect(processImage(bombPath, "png")).rejects.toThrow(UnreadableImageError);
    expect((await readdir(dir)).sort()).toEqual(["upload-bomb", "upload-px"]);
  });

  it("refuses a corrupt picture", async () => {
    const photo = await phoneJpeg();
    const broken = await file("upload-broken", photo.subarray(0, photo.length / 2));
    await expect(processImage(broken, "jpeg")).rejects.toThrow(UnreadableImageError);
    expect((await stat(broken)).isFile()).toBe(true);
  });
});
