/**
 * JSON bodies are parsed as Fastify parses them (a `__proto__` or `constructor.prototype`
 * key refused), and must be Unicode text: a string or key holding a lone surrogate
 * (`"\ud800"`, which JSON allows as an escape and no keyboard makes) is 400
 * `invalid_json`. Stored in a jsonb column it made PostgreSQL refuse the row, a 500;
 * in a text column it became U+FFFD unnoticed.
 *
 * A body whose declared length is over the route's limit is read to its end and thrown
 * away before the 413 goes out, up to `drainLimit`. Fastify answers at once and closes
 * the connection while the client is still sending; a load balancer in between (nginx)
 * then fails writing the rest and may answer 502 instead of our 413. Larger bodies are
 * still cut off at once: the balancer's own limit is below it.
 */
import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

/** Above this a refused body is not read to its end (the connection closes, as Fastify does). */
export const drainLimit = 32 * 1024 * 1024;

/** Reads `payload` to its end, keeping nothing. */
function drain(payload: Readable): Promise<void> {
  return new Promise((resolve) => {
    payload.on("end", resolve);
    payload.on("error", () => resolve());
    payload.resume();
  });
}

const loneSurrogate = /\p{Cs}/u;

/** Whether a string in `value`, or a key, holds a lone surrogate (iterative: 10,000 levels deep is valid JSON). */
function holdsLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (loneSurrogate.test(next)) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) {
        if (loneSurrogate.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export function registerJsonBody(app: FastifyInstance) {
  app.addHook("preParsing", async (request, _reply, payload) => {
    const declared = Number(request.headers["content-length"]);
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit;
    // Multipart uploads count their own limits (and say which file) as the file streams in.
    const multipart = request.headers["content-type"]?.toLowerCase().startsWith("multipart/") ?? false;
    if (multipart || !(declared > limit) || declared > drainLimit) return payload;
    await drain(payload);
    throw new AppError(413, "payload_too_large");
  });
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, text, done) =>
    parse(request, String(text), (err, body) => {
      if (err) return done(err);
      if (holdsLoneSurrogate(body)) return done(new AppError(400, "invalid_json"));
      done(null, body);
    }),
  );
}
