/**
 * Uploading one chat file: XMLHttpRequest rather than fetch, since only it reports how
 * much of the body has gone (the composer's progress bar). Answers and errors are read
 * as apiFetch reads them: the DTO parsed by its schema, a refusal as ApiError with the
 * server's Norwegian message.
 */
import { type AttachmentDto, attachmentDto } from "../../../../common/schemas/chat.ts";
import { errorResponse } from "../../../../common/schemas/errors.ts";
import { errorMessages, ui } from "../../../../common/texts/index.ts";
import { ApiError } from "../../../lib/api.ts";

export interface UploadRequest {
  threadId: string;
  file: File;
  /** 0–100: the share of the file's bytes sent */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

export type Uploader = (request: UploadRequest) => Promise<AttachmentDto>;

const uploadUrl = (threadId: string) => `/api/chat/threads/${encodeURIComponent(threadId)}/attachments`;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer of a finished request: the file as stored, or the server's refusal. */
function answerOf(status: number, body: string): AttachmentDto {
  const json = parseJson(body);
  if (status < 200 || status >= 300) {
    const parsed = errorResponse.safeParse(json);
    if (parsed.success) throw new ApiError(parsed.data.error.code, parsed.data.error.message, status);
    throw new ApiError("internal", errorMessages.internal, status);
  }
  const parsed = attachmentDto.safeParse(json);
  if (!parsed.success) {
    console.error("Unexpected response from the upload", parsed.error.issues);
    throw new ApiError("bad_response", errorMessages.internal, status);
  }
  return parsed.data;
}

/** POST /api/chat/threads/{id}/attachments, multipart with the one field `file`. */
export const uploadAttachment: Uploader = ({ threadId, file, onProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl(threadId));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(answerOf(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError("network", ui.common.networkError, 0));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
