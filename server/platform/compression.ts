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
 * The gzip of a recent large answer is kept by its text: the readers of a department's
 * open list or of a thread's newest page often get the very same text (written from
 * memory, json-text.ts), and someone who asks again before anything changed always
 * does. On this 2-core machine a gzip on libuv's threads costs 250–400 µs of CPU in
 * all; finding the text among those kept costs a hash of it.
 */
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";

const gzipElsewhere = promisify(gzip);
const threshold = 1024;
const elsewhereFrom = 8192;
/** About 128 × (30 KB of text + 5 KB of gzip): a few MB. */
const gzipsKept = 128;
const recentGzips = new Map<string, Promise<Buffer>>();

/** The gzip of `text`, made once while it is among the most recently sent. */
function gzipOnce(text: string): Promise<Buffer> {
  let gz = recentGzips.get(text);
  if (gz) {
    // Most recently used last: the first in the map is the one to drop.
    recentGzips.delete(text);
  } else {
    gz = gzipElsewhere(text, { level: 1 });
    gz.catch(() => recentGzips.delete(text));
    if (recentGzips.size >= gzipsKept) recentGzips.delete(recentGzips.keys().next().value!);
  }
  recentGzips.set(text, gz);
  return gz;
}

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

export function registerCompression(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    if (!compressible.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    const vary = String(reply.getHeader("vary") ?? "");
    if (!/accept-encoding/i.test(vary))
      reply.header("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const size = Buffer.byteLength(payload);
    if (size < threshold || !acceptsGzip(request.headers["accept-encoding"])) return payload;
    reply.header("content-encoding", "gzip");
    reply.removeHeader("content-length");
    if (size < elsewhereFrom) return gzipSync(payload, { level: 1 });
    return typeof payload === "string" ? gzipOnce(payload) : gzipElsewhere(payload, { level: 1 });
  });
}
