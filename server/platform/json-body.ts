/**
 * JSON bodies are parsed as Fastify parses them (a `__proto__` or `constructor.prototype`
 * key refused), and must be Unicode text: a string or key holding a lone surrogate
 * (`"\ud800"`, which JSON allows as an escape and no keyboard makes) is 400
 * `invalid_json`. Stored in a jsonb column it made PostgreSQL refuse the row, a 500;
 * in a text column it became U+FFFD unnoticed.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

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
