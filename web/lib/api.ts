/**
 * The one way the web app talks to the API: JSON in and out, the session cookie, zod
 * parsing of every answer, and errors as ApiError carrying the server's Norwegian message.
 */
import type { z } from "zod";
import { errorResponse } from "../../common/schemas/errors.ts";
import { errorMessages, ui } from "../../common/texts/index.ts";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  schema?: z.ZodType<T>;
  /** Requests the user did not cause (pollers) must not keep an idle session alive. */
  background?: boolean;
  signal?: AbortSignal;
}

export async function apiFetch<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.background) headers["X-Activity"] = "background";

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError("network", ui.common.networkError, 0);
  }

  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorResponse.safeParse(json);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(code, message, response.status, fields);
    }
    throw new ApiError("internal", errorMessages.internal, response.status);
  }
  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    // A contract mismatch is a bug on one side; the person only needs to know it failed.
    console.error(`Unexpected response from ${path}`, parsed.error.issues);
    throw new ApiError("bad_response", errorMessages.internal, response.status);
  }
  return parsed.data;
}

/** The message to show for any thrown value, with a fallback for non-API failures. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}
