/**
 * Chat attachments: which kinds of file may be sent, how big, and what a file's name
 * becomes once stored. Shared by the composer, which can only guess from the name and
 * the browser's MIME type before uploading, and the server, which decides from the
 * file's bytes (server/platform/upload-inspect.ts). Both refuse with the same codes and
 * Norwegian messages (texts/errors/attachments.ts).
 */

/** Every kind a chat file may be. Anything else (SVG, HTML, executables, archives …) is refused. */
export const attachmentKinds = ["jpeg", "png", "webp", "heic", "pdf", "docx", "xlsx", "txt"] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** The MIME type a kind is served with, and the extensions (lower case, no dot) it goes by. */
export const attachmentKindInfo: Record<AttachmentKind, { mime: string; extensions: readonly string[] }> = {
  jpeg: { mime: "image/jpeg", extensions: ["jpg", "jpeg"] },
  png: { mime: "image/png", extensions: ["png"] },
  webp: { mime: "image/webp", extensions: ["webp"] },
  heic: { mime: "image/heic", extensions: ["heic", "heif"] },
  pdf: { mime: "application/pdf", extensions: ["pdf"] },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
  },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extensions: ["xlsx"] },
  txt: { mime: "text/plain", extensions: ["txt"] },
};

/** Kinds shown inline as pictures (re-encoded without metadata, with a thumbnail). HEIC is a file card: browsers cannot show it. */
export const inlineImageKinds = ["jpeg", "png", "webp"] as const satisfies readonly AttachmentKind[];
export type InlineImageKind = (typeof inlineImageKinds)[number];

export function isImageKind(kind: AttachmentKind): kind is InlineImageKind {
  return (inlineImageKinds as readonly string[]).includes(kind);
}

/** The hard limit per file, whatever the brand says. */
export const uploadHardMaxMB = 10;
const bytesPerMB = 1024 * 1024;
/** The longer side of a thumbnail, in pixels. */
export const thumbnailMaxPx = 480;
/** How long a signed file URL is valid, and how long before that the client fetches fresh ones. */
export const signedUrlTtlSeconds = 600;
export const signedUrlRefreshMarginSeconds = 60;

/**
 * The effective per-file limit in MB: 10, or the brand's `limits.maxUploadMB` when an
 * operator set it lower (the lower wins). A missing or nonsensical cap is ignored.
 */
export function chatUploadMaxMB(brandMaxUploadMB?: number): number {
  const cap = brandMaxUploadMB !== undefined && Number.isFinite(brandMaxUploadMB) && brandMaxUploadMB > 0;
  return cap ? Math.min(uploadHardMaxMB, brandMaxUploadMB) : uploadHardMaxMB;
}

/** The effective per-file limit in bytes (1 MB = 1024 × 1024 bytes). */
export function chatUploadMaxBytes(brandMaxUploadMB?: number): number {
  return Math.floor(chatUploadMaxMB(brandMaxUploadMB) * bytesPerMB);
}

/** The codes of these rules; each has its message in texts/errors/attachments.ts. */
export type AttachmentRuleError =
  | "upload_too_large"
  | "upload_type_not_allowed"
  | "upload_image_unreadable"
  | "upload_file_damaged";

/** A refusal with what its message needs. */
export type AttachmentRefusal =
  | { code: "upload_too_large"; params: { name: string; maxMB: number } }
  | { code: "upload_type_not_allowed"; params: { type: string } }
  | { code: "upload_image_unreadable"; params: { name: string } }
  | { code: "upload_file_damaged"; params: { name: string } };

export const uploadTooLarge = (name: string, maxMB: number): AttachmentRefusal => ({
  code: "upload_too_large",
  params: { name, maxMB },
});
export const uploadTypeNotAllowed = (type: string): AttachmentRefusal => ({
  code: "upload_type_not_allowed",
  params: { type },
});
export const uploadImageUnreadable = (name: string): AttachmentRefusal => ({
  code: "upload_image_unreadable",
  params: { name },
});

/** Bytes that start as an allowed kind but do not hold together as one (a cut-off PDF). */
export const uploadFileDamaged = (name: string): AttachmentRefusal => ({
  code: "upload_file_damaged",
  params: { name },
});

/** The last part of a name a client sent: browsers may send "C:\fakepath\x.pdf", tools "a/b/x.pdf". */
function baseName(name: string): string {
  return name.split(/[/\\]/).pop() ?? "";
}

/** The extension in lower case without the dot ("Rapport.PDF" → "pdf"), or "" when there is none. */
export function fileExtension(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

const extensionKinds = new Map<string, AttachmentKind>(
  attachmentKinds.flatMap((kind) => attachmentKindInfo[kind].extensions.map((ext) => [ext, kind] as const)),
);
const mimeKinds = new Map<string, AttachmentKind>([
  ...attachmentKinds.map((kind) => [attachmentKindInfo[kind].mime, kind] as const),
  ["image/jpg", "jpeg"],
  ["image/heif", "heic"],
]);

/** The kind a name's extension claims, or null. Only a guess: the server goes by the bytes. */
export function kindFromExtension(name: string): AttachmentKind | null {
  return extensionKinds.get(fileExtension(name)) ?? null;
}

// Letters that do not decompose into a base letter and a mark.
const transliterations: Record<string, string> = {
  æ: "ae",
  Æ: "Ae",
  ø: "o",
  Ø: "O",
  ß: "ss",
  œ: "oe",
  Œ: "Oe",
  đ: "d",
  Đ: "D",
  ł: "l",
  Ł: "L",
  þ: "th",
  Þ: "Th",
  ð: "d",
  Ð: "D",
};

/** Letters, digits and hyphens only; runs of anything else become one hyphen. */
function slug(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]/g, (c) => transliterations[c] ?? c)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-");
}

const safeNameMaxLength = 100;

/**
 * A file name as stored and offered for download: only ASCII letters, digits, dots and
 * hyphens. Æ, ø and å become ae, o and a, accents are dropped (é → e), anything else
 * becomes a hyphen, and runs collapse ("Vaktliste (uke 12).PDF" → "Vaktliste-uke-12.pdf").
 * Only the last part of a path counts; the name never starts or ends with a dot or a
 * hyphen, is never empty ("fil"), and is at most 100 characters with the extension
 * kept. Applying it twice changes nothing. It is a label, never a path: the storage key
 * puts a random id before it.
 */
export function safeFileName(name: string): string {
  const base = baseName(name.normalize("NFC"));
  const dot = base.lastIndexOf(".");
  const rawExt = dot >= 0 ? base.slice(dot + 1) : "";
  const hasExt = dot >= 0 && /^[A-Za-z0-9]{1,10}$/.test(rawExt);
  const ext = hasExt ? rawExt.toLowerCase() : "";
  const stemSource = hasExt ? base.slice(0, dot) : base;
  // Dots inside the stem stay as single dots between words ("rapport.v2.final").
  const words = stemSource
    .split(".")
    .map((part) => slug(part).replace(/^-+|-+$/g, ""))
    .filter(Boolean);
  const room = safeNameMaxLength - (ext ? ext.length + 1 : 0);
  const stem =
    words
      .join(".")
      .slice(0, room)
      .replace(/[.-]+$/, "") || "fil";
  const safe = ext ? `${stem}.${ext}` : stem;
  // What ends the name reads as an extension on the next pass, so it is lower case even
  // where the original's was no extension ("a.B!" → "a.b", "À.À" → "A.a"): applying the
  // function twice changes nothing.
  return safe.replace(/\.[A-Za-z0-9]{1,10}$/, (tail) => tail.toLowerCase());
}

export interface ClientFile {
  name: string;
  size: number;
  /** the browser's MIME type; often "" (HEIC on Windows, for one) */
  type: string;
}

/**
 * What the composer can check before uploading: the size against the effective limit,
 * then the kind the name (or, without an extension, the MIME type) claims. The size
 * comes first because the server, which reads the bytes as they arrive, refuses in that
 * order too. A pass here is no promise: the server decides the kind from the bytes.
 */
export function clientCheck(file: ClientFile, brandMaxUploadMB?: number): AttachmentRefusal | null {
  if (file.size > chatUploadMaxBytes(brandMaxUploadMB))
    return uploadTooLarge(file.name, chatUploadMaxMB(brandMaxUploadMB));
  const ext = fileExtension(file.name);
  const allowed = ext ? extensionKinds.has(ext) : mimeKinds.has(file.type.toLowerCase());
  if (!allowed) return uploadTypeNotAllowed(ext || file.type || "ukjent");
  return null;
}

/**
 * The name with the extension of the kind the bytes turned out to be, so a download
 * opens in the right program: ("bilde.png", jpeg) → "bilde.png.jpg", ("notat", txt) →
 * "notat.txt"; a name that already fits is kept ("scan.JPEG" stays).
 */
export function nameForKind(name: string, kind: AttachmentKind): string {
  const { extensions } = attachmentKindInfo[kind];
  if (extensions.includes(fileExtension(name))) return name;
  return safeFileName(`${name}.${extensions[0]}`);
}
