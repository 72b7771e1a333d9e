/**
 * Sending one file (multipart, field `file`) by XMLHttpRequest rather than fetch: only it
 * reports how much of the body has gone, for the progress bars of the chat composer and
 * the avatar. Answers are read as apiFetch reads them: the body parsed by the route's
 * schema, a refusal as ApiError with the server's Norwegian message.
 */
import type { z } from "zod";
import { errorResponse } from "../../common/schemas/errors.ts";
import { errorMessages, ui } from "../../common/texts/index.ts";
import { ApiError } from "./api.ts";

export interface UploadOptions<T> {
  method: "POST" | "PUT";
  path: string;
  file: File;
  schema: z.ZodType<T>;
  /** 0–100: the share of the file's bytes sent */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer of a finished request: the body as the schema reads it, or the server's refusal. */
function answerOf<T>(status: number, body: string, schema: z.ZodType<T>): T {
  const json = parseJson(body);
  if (status < 200 || status >= 300) {
    const parsed = errorResponse.safeParse(json);
    if (parsed.success) throw new ApiError(parsed.data.error.code, parsed.data.error.message, status);
    throw new ApiError("internal", errorMessages.internal, status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error("Unexpected response from the upload", parsed.error.issues);
    throw new ApiError("bad_response", errorMessages.internal, status);
  }
  return parsed.data;
}

export function uploadWithProgress<T>({ method, path, file, schema, onProgress, signal }: UploadOptions<T>) {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(answerOf(xhr.status, xhr.responseText, schema));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError("network", ui.common.networkError, 0));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
