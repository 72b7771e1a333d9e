/**
 * One error type for every refusal, and one handler that turns any failure into
 * `{ error: { code, message } }` with the right status. A client's mistake never
 * becomes a 500.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { type ErrorCode, errorMessage } from "../../common/texts/errors.ts";
import { isDatabaseUnavailable } from "../db/faults.ts";
import { storageFault } from "./storage-faults.ts";

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503 | 507,
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    /** seconds, sent as `Retry-After` (503: when to try again) */
    readonly retryAfter?: number,
  ) {
    super(message ?? errorMessage(code));
  }
}

export const badRequest = (code: ErrorCode = "bad_request") => new AppError(400, code);
export const unauthenticated = (code: ErrorCode = "not_authenticated") => new AppError(401, code);
export const forbidden = (code: ErrorCode = "forbidden") => new AppError(403, code);
export const notFound = (code: ErrorCode = "not_found") => new AppError(404, code);
export const conflict = (code: ErrorCode) => new AppError(409, code);
export const unprocessable = (code: ErrorCode) => new AppError(422, code);
/** The server cannot answer now, through no fault of the client's: try again after `retryAfter` s. */
export const unavailable = (code: ErrorCode, retryAfter = 5) =>
  new AppError(503, code, undefined, undefined, retryAfter);
/** No room to store what was sent (a full disk or database): 507 Insufficient Storage. */
export const insufficientStorage = (code: ErrorCode = "storage_full") => new AppError(507, code);

function body(code: ErrorCode, message?: string, fields?: Record<string, string>) {
  return { error: { code, message: message ?? errorMessage(code), ...(fields ? { fields } : {}) } };
}

/** How long a client waits before asking again while the database is away (seconds). */
const databaseRetryAfter = 5;

/** Fastify's own client errors (body parsing, content type, size) by their code. */
function frameworkError(err: FastifyError): { status: number; code: ErrorCode } | null {
  switch (err.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, code: "invalid_json" };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, code: "payload_too_large" };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, code: "bad_request" };
  }
  if (err instanceof SyntaxError && err.statusCode === 400) return { status: 400, code: "invalid_json" };
  if (err.statusCode === 413) return { status: 413, code: "payload_too_large" };
  if (err.statusCode === 429) return { status: 429, code: "rate_limited" };
  if (err.statusCode === 403) return { status: 403, code: "forbidden" };
  if (err.statusCode === 404) return { status: 404, code: "not_found" };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return { status: 400, code: "bad_request" };
  return null;
}

/**
 * A fault of what the server depends on, as the answer it gives (503 or 507, never 500),
 * logged as a warning with its code only: paths and keys name people's files, and the
 * serializer keeps no statement values.
 */
function faultAnswer(err: unknown, log: { warn(obj: unknown, msg?: string): void }): AppError | null {
  const storage = storageFault(err);
  if (storage) {
    log.warn({ errno: storage.errno }, "storage fault");
    return storage.code === "storage_full" ? insufficientStorage() : unavailable(storage.code, 30);
  }
  if (isDatabaseUnavailable(err)) {
    log.warn({ err, code: "database_unavailable" }, "database unavailable");
    return unavailable("database_unavailable", databaseRetryAfter);
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const err = faultAnswer(thrown, request.log) ?? thrown;
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header("retry-after", String(err.retryAfter));
      return reply.status(err.status).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, "").replaceAll("/", ".") ||
          (v.params as { issue?: { path?: PropertyKey[] } }).issue?.path?.join(".") ||
          "_";
        fields[key] ??= v.message ?? "ugyldig";
      }
      return reply.status(400).send(body("validation_failed", undefined, fields));
    }
    const known = frameworkError(err);
    if (known) return reply.status(known.status).send(body(known.code));
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body("internal"));
  });
}
