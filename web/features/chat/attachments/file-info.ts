/** How a file is named to the eye: its size in Norwegian and its kind's label (its icon: components/file-kind-icon.tsx). */
import {
  type AttachmentKind,
  attachmentKindInfo,
  attachmentKinds,
  isImageKind,
  kindFromExtension,
} from "../../../../common/domain/attachments.ts";

const numberFormats = new Map<number, Intl.NumberFormat>();
const decimals = (digits: number) => {
  const format =
    numberFormats.get(digits) ?? new Intl.NumberFormat("nb-NO", { maximumFractionDigits: digits });
  numberFormats.set(digits, format);
  return format;
};

/** 1 258 291 → "1,2 MB", 2048 → "2 kB", 12 → "12 B" (1 MB = 1024 × 1024 bytes, as the limit). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimals(0).format(Math.round(bytes / 1024))} kB`;
  return `${decimals(1).format(bytes / (1024 * 1024))} MB`;
}

/** "PDF", "DOCX", "JPEG": the kind as its files are known. */
export const kindLabel = (kind: AttachmentKind) => kind.toUpperCase();

/** The kind a chosen file's name claims, for its icon before the server has said. */
export const guessKind = (name: string) => kindFromExtension(name);

/** A picture shown inline in the list, with its thumbnail. */
export const isInlineImage = (a: { kind: AttachmentKind; thumbnailUrl: string | null }) =>
  isImageKind(a.kind) && a.thumbnailUrl !== null;

/** The picker's `accept`: every allowed extension and MIME type. */
export const acceptedFiles = attachmentKinds
  .flatMap((kind) => [
    ...attachmentKindInfo[kind].extensions.map((ext) => `.${ext}`),
    attachmentKindInfo[kind].mime,
  ])
  .join(",");
