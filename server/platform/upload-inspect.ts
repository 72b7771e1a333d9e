/**
 * What an uploaded file is, decided on the server from its bytes, never from its name
 * or the client's MIME type:
 *  - `receiveLimited` writes the upload to a temp file while counting, and gives up the
 *    moment it passes the limit: the stream is destroyed and the part already written
 *    deleted, so an oversized file is never kept whole, in memory or on disk;
 *  - `detectKind` names one of the allowed kinds (`file-type` for binary formats, a
 *    strict check for plain text) or refuses; SVG, HTML and executables never pass;
 *  - `processImage` re-encodes JPEG, PNG and WebP with `sharp`, which drops EXIF (GPS
 *    included), XMP, IPTC and ICC metadata and applies the orientation, and makes the
 *    thumbnail. HEIC is kept as it is (a file card; browsers cannot show it).
 * The temp files are the caller's: it `put`s what it keeps and removes them all.
 * A body the multipart parser cannot read (no boundary, cut off, garbage) is the
 * client's mistake: 400 `upload_malformed`; one without a file, 400 `upload_missing`.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import {
  type AttachmentKind,
  attachmentKindInfo,
  fileExtension,
  isImageKind,
  thumbnailMaxPx,
} from "../../common/domain/attachments.ts";
import { AppError } from "./errors.ts";

/** The upload passed the limit (counted here, or cut off by @fastify/multipart's `fileSize`). */
export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
  }
}

/** sharp could not read the picture: corrupt, truncated, or more pixels than allowed. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(`image could not be processed: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

const malformed = () => new AppError(400, "upload_malformed");

/**
 * The one file of a multipart upload, with `fileSize` one byte over `maxBytes` so the
 * breach is seen and refused (by `receiveLimited`). The upload routes accept one file
 * part and nothing else (platform/http.ts): a text field in its place means no file was
 * sent. Any other failure of the parser here (no boundary, a body that ends before its
 * first part) is a malformed body; the multipart plugin's own client errors keep theirs.
 */
export async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw new AppError(400, "upload_missing");
    if (code?.startsWith("FST_") || err instanceof AppError) throw err;
    throw malformed();
  }
  if (!part) throw new AppError(400, "upload_missing");
  return part;
}

export interface ReceivedFile {
  path: string;
  size: number;
}

/**
 * Writes `stream` to a new temp file in `tmpDir`, counting bytes. Past `maxBytes` the
 * stream is destroyed, the temp file removed and `UploadTooLargeError` thrown; so too
 * when the stream ends `truncated` (@fastify/multipart with `limits.fileSize` ends a
 * file there quietly). A failure of the stream itself (the body ends before the file's
 * closing boundary) is a malformed upload. Any failure leaves no temp file.
 */
export async function receiveLimited(
  stream: Readable & { truncated?: boolean },
  { maxBytes, tmpDir }: { maxBytes: number; tmpDir: string },
): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `upload-${randomUUID()}`);
  let size = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(new UploadTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  // Which stream failed first: the others are then destroyed with the same error, so a
  // full disk (out) must not read as a broken body (the upload's own stream).
  let firstFault: "upload" | "ours" | null = stream.errored ? "upload" : null;
  stream.on("error", () => {
    firstFault ??= "upload";
  });
  for (const ours of [limiter, out])
    ours.on("error", () => {
      firstFault ??= "ours";
    });
  try {
    await pipeline(stream, limiter, out);
    if (stream.truncated) throw new UploadTooLargeError(maxBytes);
    return { path: file, size };
  } catch (err) {
    stream.destroy();
    // The write stream may still be opening; remove the file once it is closed.
    // (events.once would reject on the error the pipeline gave it.)
    if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
    await rm(file, { force: true });
    throw firstFault === "upload" && !(err instanceof UploadTooLargeError) ? malformed() : err;
  }
}

/**
 * What the bytes are: an allowed kind, a refused one (named for the message), or an
 * allowed kind the file only pretends to be (a PDF that does not hold together).
 */
export type DetectedKind =
  | { kind: AttachmentKind; mime: string }
  | { refused: string }
  | { damaged: AttachmentKind };

/** file-type's extension → our kind. Anything missing here (zip, docm, exe, elf, xml, avif …) is refused. */
const fileTypeKinds: Record<string, AttachmentKind> = {
  jpg: "jpeg",
  png: "png",
  apng: "png", // re-encoded as a still PNG
  webp: "webp",
  heic: "heic",
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
};

const detected = (kind: AttachmentKind): DetectedKind => ({ kind, mime: attachmentKindInfo[kind].mime });

/**
 * The kind of the file at `tmpPath`, from its bytes. `fileName` only labels a refusal
 * when the bytes name no type ('Filtype "{type}" er ikke tillatt.'). OOXML is told
 * from the zip's contents, so a plain zip called .docx is a "zip". Bytes file-type does
 * not know pass as text only under `plainTextCheck`. An empty file is an (empty) txt.
 * A PDF, known by its first five bytes, must also pass `pdfStructureCheck`.
 */
export async function detectKind(tmpPath: string, fileName = ""): Promise<DetectedKind> {
  const type = await fileTypeFromFile(tmpPath);
  if (type) {
    const kind = fileTypeKinds[type.ext];
    if (!kind) return { refused: type.ext };
    if (kind !== "pdf") return detected(kind);
    const pdf = await pdfStructureCheck(tmpPath);
    return pdf === "pdf" ? detected(kind) : pdf === "html" ? { refused: "html" } : { damaged: "pdf" };
  }
  const text = await plainTextCheck(tmpPath);
  if (text === "text") return detected("txt");
  return { refused: text === "binary" ? fileExtension(fileName) || "ukjent" : text };
}

/** Tags that make text a web page or a picture to some reader, wherever they stand. */
const markupTags: [string, "html" | "svg" | "xml"][] = [
  ["<svg", "svg"],
  ["<?xml", "xml"],
  ["<!doctype", "html"],
  ["<html", "html"],
  ["<script", "html"],
  ["<iframe", "html"],
  ["<body", "html"],
];
const longestTag = Math.max(...markupTags.map(([tag]) => tag.length));
const opensTag = (head: string) => /^<[a-z!?/]/i.test(head);

/**
 * Whether the file is plain text we may serve as text/plain: valid UTF-8 (a BOM is
 * fine), no NUL byte, and no markup a browser or viewer might render. Markup is text
 * whose first non-blank character opens a tag (`<` and a letter, `!`, `?` or `/`), or
 * that holds `<svg`, `<?xml`, `<!doctype`, `<html`, `<script`, `<iframe` or `<body`
 * anywhere (any case); it is refused as "html", "svg" or "xml". Read in chunks.
 */
export async function plainTextCheck(tmpPath: string): Promise<"text" | "binary" | "html" | "svg" | "xml"> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let head = ""; // the first two characters after any blanks
  let tail = "";
  const markupIn = (text: string) => markupTags.find(([tag]) => text.includes(tag))?.[1] ?? null;
  try {
    for await (const chunk of createReadStream(tmpPath, {
      highWaterMark: 64 * 1024,
    }) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return "binary";
      const text = decoder.decode(chunk, { stream: true });
      const window = (tail + text).toLowerCase();
      const markup = markupIn(window);
      if (markup) return markup;
      tail = window.slice(-(longestTag - 1));
      if (head.length < 2) head = (head + text).trimStart().slice(0, 2);
      if (opensTag(head)) return "html";
    }
    decoder.decode(); // throws when the file ends inside a character
  } catch (err) {
    if (err instanceof TypeError) return "binary"; // invalid UTF-8
    throw err;
  }
  return "text";
}

/** `%PDF-1.0` to `%PDF-1.7` or `%PDF-2.0`, then the end of the line or a comment. */
const pdfHeader = /^%PDF-(?:1\.[0-7]|2\.0)[\r\n\t %]/;
/** Readers look this far from the end for `%%EOF`; the head is searched as far for markup. */
const pdfWindow = 1024;
/** The last `startxref` with its offset, then `%%EOF`, at the end (trailing blanks allowed). */
const pdfEnd = /startxref[\r\n\t ]+(\d{1,12})[\r\n\t ]+%%EOF[\r\n\t \0]*$/;
/** Where `startxref` points: a cross-reference table, or the object of a cross-reference stream. */
const pdfXref = /^[\r\n\t ]*(?:xref[\r\n\t ]|\d+[\r\n\t ]+\d+[\r\n\t ]+obj\b)/;
/** Markup that turns a file into a web page or an image to some reader ("<?xml" is left: XMP metadata). */
const pdfMarkupTags = markupTags.flatMap(([tag]) => (tag === "<?xml" ? [] : [tag]));

/**
 * Whether a file that starts `%PDF-` is built as a PDF: a header with a known version,
 * no web-page markup in its first kilobyte (a "PDF" that is an HTML page runs its
 * script when saved and opened), and an end as PDF 32000-1 § 7.5.5 writes it:
 * `startxref`, the offset of the last cross-reference section, `%%EOF`, with the offset
 * inside the file pointing at `xref` or at an object (a cross-reference stream). Only
 * the head, the tail and the bytes at that offset are read, whatever the file's size.
 * A truncated file fails the end; one with the structure but broken inside passes and
 * is served as the PDF it says it is (as a download, under a .pdf name).
 */
export async function pdfStructureCheck(tmpPath: string): Promise<"pdf" | "html" | "damaged"> {
  const file = await open(tmpPath, "r");
  try {
    const { size } = await file.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead).toString("latin1");
    };
    const head = await read(0, pdfWindow);
    if (!pdfHeader.test(head)) return "damaged";
    const lowerHead = head.toLowerCase();
    if (pdfMarkupTags.some((tag) => lowerHead.includes(tag))) return "html";
    const end = pdfEnd.exec(await read(Math.max(0, size - pdfWindow), pdfWindow));
    const offset = end ? Number(end[1]) : Number.NaN;
    if (!(offset > 0 && offset < size)) return "damaged";
    return pdfXref.test(await read(offset, 64)) ? "pdf" : "damaged";
  } finally {
    await file.close();
  }
}

/** What `processImage` leaves for the caller to store, all temp files beside the upload. */
export interface ProcessedFile {
  /** the file to store: the re-encoded picture, or the upload itself for other kinds */
  path: string;
  /** the thumbnail (WebP, at most 480 px on the longer side), for pictures shown inline */
  thumbnailPath: string | null;
  width: number | null;
  height: number | null;
}

/** Pictures with more pixels are refused before decoding (decompression bombs); 50 MP covers phone cameras. */
export const maxInputPixels = 50_000_000;

/**
 * JPEG, PNG and WebP: decoded and written again in the same format with the EXIF
 * orientation applied and no metadata kept (sharp strips EXIF, XMP, IPTC and ICC unless
 * told to keep them, and converts to sRGB), plus a WebP thumbnail. Other kinds,
 * HEIC included, are returned as they are with no size. A picture sharp cannot read
 * throws `UnreadableImageError` and leaves no new temp file.
 */
export async function processImage(
  tmpPath: string,
  kind: AttachmentKind,
  options: { maxInputPixels?: number } = {},
): Promise<ProcessedFile> {
  if (!isImageKind(kind)) return { path: tmpPath, thumbnailPath: null, width: null, height: null };
  const input = {
    limitInputPixels: options.maxInputPixels ?? maxInputPixels,
    // 'error' rather than the stricter 'warning': real phone photos often carry harmless warnings.
    failOn: "error" as const,
  };
  const cleanPath = `${tmpPath}.clean.${attachmentKindInfo[kind].extensions[0]}`;
  const thumbnailPath = `${tmpPath}.thumb.webp`;
  try {
    // One decode feeds both outputs (sharp's clone), written side by side: a photo's
    // upload is a third faster than re-encoding and then decoding the clean copy again.
    const image = sharp(tmpPath, input).rotate();
    const clean = image.clone();
    const encoded =
      kind === "jpeg"
        ? clean.jpeg({ quality: 85 })
        : kind === "png"
          ? clean.png()
          : clean.webp({ quality: 85 });
    const [info] = await Promise.all([
      encoded.toFile(cleanPath),
      image
        .clone()
        .resize(thumbnailMaxPx, thumbnailMaxPx, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toFile(thumbnailPath),
    ]);
    return { path: cleanPath, thumbnailPath, width: info.width, height: info.height };
  } catch (err) {
    await Promise.all([rm(cleanPath, { force: true }), rm(thumbnailPath, { force: true })]);
    throw new UnreadableImageError(err);
  }
}
