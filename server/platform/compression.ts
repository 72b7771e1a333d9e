/**
 * The API's answers gzipped in one call. @fastify/compress made every answer a stream
 * through zlib's stream machinery, which cost more than compressing: a quarter of the
 * server's time for the open-shift list (bench/allocation). Answers are strings or
 * buffers of at most a few hundred KB; files and the web app (served precompressed) are
 * streams and pass as they are. Level 1: answers are mostly ids, which no level shrinks
 * further (a 37 KB list: 9.1 KB at level 1, 8.8 KB at 6, in half the time).
 *
 * A large answer (a thread's newest page, the open list) is compressed on libuv's
 * threads, so the second core does it while the event loop serves the next request (the
 * newest page at 50 parallel: 2,033 → 2,325 a second); a small one in place, where
 * handing it over would cost more than the work.
 *
 * An answer kept in memory keeps its gzip too (json-text.ts `JsonAnswer`): on this 2-core
 * machine a gzip on libuv's threads costs 250–400 µs of CPU in all.
 */
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const gzipElsewhere = promisify(gzip);
const threshold = 1024;
const elsewhereFrom = 8192;
const compressible = /^(application\/(json|[\w.+-]*\+json|javascript)|text\/|image\/svg\+xml)/;

/** Whether the request's Accept-Encoding takes gzip (a `q=0` says no). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name !== "gzip" && name !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Whether an answer of `size` bytes goes out gzipped (compressible, large enough, and the
 * client takes it); if so, says so in its headers. Either way it says the answer varies.
 */
export function gzipping(request: FastifyRequest, reply: FastifyReply, size: number): boolean {
  if (!compressible.test(String(reply.getHeader("content-type") ?? ""))) return false;
  const vary = String(reply.getHeader("vary") ?? "");
  if (!/accept-encoding/i.test(vary))
    reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  if (size < threshold || !acceptsGzip(request.headers["accept-encoding"])) return false;
  reply.header("content-encoding", "gzip");
  reply.removeHeader("content-length");
  return true;
}

/** The gzip of an answer, on libuv's threads from 8 KB on. */
export function gzipAnswer(
  payload: string | Buffer,
  size = Buffer.byteLength(payload),
): Buffer | Promise<Buffer> {
  return size < elsewhereFrom ? gzipSync(payload, { level: 1 }) : gzipElsewhere(payload, { level: 1 });
}

export function registerCompression(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    // Already compressed by its sender (json-text.ts `sendJsonText`).
    if (reply.hasHeader("content-encoding")) return payload;
    const size = Buffer.byteLength(payload);
    return gzipping(request, reply, size) ? gzipAnswer(payload, size) : payload;
  });
}
