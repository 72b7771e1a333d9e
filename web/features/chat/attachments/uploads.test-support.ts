/**
 * Uploads as the component tests need them: XMLHttpRequest replaced by a fake the test
 * drives (progress, an answer, a network failure), and attachments as the server gives them.
 */
import { vi } from "vitest";
import type { AttachmentKind } from "../../../../common/domain/attachments.ts";
import type { AttachmentDto } from "../../../../common/schemas/chat.ts";

export class FakeUpload {
  static sent: FakeUpload[] = [];
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  get file(): File {
    return this.body?.get("file") as File;
  }
  progress(loaded: number, total = 100) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest for this test; `FakeUpload.sent` holds the uploads in order. */
export function fakeUploads() {
  FakeUpload.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeUpload);
  return FakeUpload.sent;
}

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
