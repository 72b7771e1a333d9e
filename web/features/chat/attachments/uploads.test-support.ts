/** Attachments as the server gives them, and files to attach (uploads: `web/test/uploads.ts`). */
import type { AttachmentKind } from "../../../../common/domain/attachments.ts";
import type { AttachmentDto } from "../../../../common/schemas/chat.ts";

let ids = 0;

/** A file as the server answers it, its links valid for 600 s. */
export function attachment(
  name: string,
  kind: AttachmentKind,
  over: Partial<AttachmentDto> = {},
): AttachmentDto {
  ids += 1;
  const id = `5a1e0000-0000-4000-8000-${String(ids).padStart(12, "0")}`;
  const image = kind === "png" || kind === "jpeg" || kind === "webp";
  return {
    id,
    name,
    kind,
    mimeType: kind === "pdf" ? "application/pdf" : `image/${kind}`,
    size: 1_258_291,
    width: image ? 800 : null,
    height: image ? 600 : null,
    url: `/api/chat/files/${id}?variant=original&exp=1&sig=a`,
    thumbnailUrl: image ? `/api/chat/files/${id}?variant=thumbnail&exp=1&sig=a` : null,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
    ...over,
  };
}

/** A file of `size` bytes without holding them. */
export function fileOf(name: string, size = 2048, type = ""): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}
