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
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import {
  type AttachmentKind,
  attachmentKindInfo,
  fileExtension,
  isImageKind,
  thumbnailMaxPx,
} from "../../common/domain/attachments.ts";

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

export interface ReceivedFile {
  path: string;
  size: number;
}

/**
 * Writes `stream` to a new temp file in `tmpDir`, counting bytes. Past `maxBytes` the
 * stream is destroyed, the temp file removed and `UploadTooLargeError` thrown; so too
 * when the stream ends `truncated` (@fastify/multipart with `limits.fileSize` ends a
 * file there quietly). Any other failure also leaves no temp file.
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
    throw err;
  }
}

export type DetectedKind = { kind: AttachmentKind; mime: string } | { refused: string };

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
 */
export async function detectKind(tmpPath: string, fileName = ""): Promise<DetectedKind> {
  const type = await fileTypeFromFile(tmpPath);
  if (type) {
    const kind = fileTypeKinds[type.ext];
    return kind ? detected(kind) : { refused: type.ext };
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
    const image = sharp(tmpPath, input).rotate();
    const encoded =
      kind === "jpeg"
        ? image.jpeg({ quality: 85 })
        : kind === "png"
          ? image.png()
          : image.webp({ quality: 85 });
    const info = await encoded.toFile(cleanPath);
    await sharp(cleanPath, input)
      .resize(thumbnailMaxPx, thumbnailMaxPx, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(thumbnailPath);
    return { path: cleanPath, thumbnailPath, width: info.width, height: info.height };
  } catch (err) {
    await Promise.all([rm(cleanPath, { force: true }), rm(thumbnailPath, { force: true })]);
    throw new UnreadableImageError(err);
  }
}
