/**
 * Request logging without secrets. Sign-in links carry their token in the fragment,
 * which never reaches the server, but an old or hand-made link may still put one in a
 * query string: the query of every auth path is cut from the request log.
 */
import type { FastifyRequest } from "fastify";

const secretBearingPaths = ["/auth/", "/api/auth/"];

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q === -1) return url;
  const pathname = url.slice(0, q);
  return secretBearingPaths.some((p) => pathname.startsWith(p)) ? `${pathname}?[redacted]` : url;
}

/** Fastify's own request serializer, with the URL redacted. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** What a database error may say about the row it refused: its values, e.g. a message's text. */
const valueBearingFields = ["params", "parameters", "detail", "where", "hint"];

/**
 * An error as pino writes it, without any value a statement carried: Drizzle's
 * DrizzleQueryError holds the parameters (a chat message's text, a name) in `params` and
 * in its message and stack ("params: …"), PostgreSQL's error says the refused row in
 * `detail` ("Failing row contains (…)"), and a data exception (class 22) quotes the value
 * it could not read. The SQL text (placeholders only), the codes and the stack stay.
 */
export function safeError(err: Error): SerializedError {
  // As pino's own serializer: the type, then every enumerable field (code, severity, …).
  const out: SerializedError = { type: err.constructor?.name ?? err.name, message: "", stack: "" };
  for (const [key, value] of Object.entries(err)) if (!valueBearingFields.includes(key)) out[key] = value;
  const code = (err as { code?: unknown }).code;
  // Not every thrown thing has a message or a stack (a driver's error object may lack one).
  const cutParams = (text: string | undefined) =>
    (text ?? "").replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "");
  const unquoted = (text: string) =>
    typeof code === "string" && code.startsWith("22") ? text.replace(/"[^"]*"/g, '"[redacted]"') : text;
  out.message = unquoted(cutParams(err.message));
  out.stack = unquoted(cutParams(err.stack));
  if (err.cause !== undefined) out.cause = err.cause instanceof Error ? safeError(err.cause) : err.cause;
  return out;
}

/** pino options for Fastify: the level, plus whatever a caller (a test) adds, e.g. a stream. */
export function loggerOptions(level: string, extra: object | boolean | undefined) {
  if (extra === false) return false;
  return {
    level,
    ...(typeof extra === "object" ? extra : {}),
    serializers: { req: requestSerializer, err: safeError },
  };
}
