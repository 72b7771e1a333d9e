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

/** pino options for Fastify: the level, plus whatever a caller (a test) adds, e.g. a stream. */
export function loggerOptions(level: string, extra: object | boolean | undefined) {
  if (extra === false) return false;
  return {
    level,
    ...(typeof extra === "object" ? extra : {}),
    serializers: { req: requestSerializer },
  };
}
