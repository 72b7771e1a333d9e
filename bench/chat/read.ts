/**
 * The read test: `concurrency` signed-in members each ask for the newest page of the
 * history thread (`GET /api/chat/threads/:id/messages`: 50 messages with authors,
 * replies and reactions, what opening a thread loads) again as soon as the previous
 * answer arrived (closed loop: at most `concurrency` requests in flight). A request
 * counts as done when its whole body is read and holds 50 messages.
 */
import { type Percentiles, percentiles } from "./stats.ts";

export interface ReadResult {
  concurrency: number;
  requests: number;
  errors: Map<string, number>;
  requestsPerSecond: number;
  latency: Percentiles;
}

export async function runRead(
  base: string,
  origin: string,
  threadId: string,
  readers: { cookie: string }[],
  opts: { concurrency: number; warmupSeconds: number; seconds: number },
): Promise<ReadResult> {
  const url = `${base}/api/chat/threads/${threadId}/messages`;
  const start = performance.now();
  const measureFrom = start + opts.warmupSeconds * 1000;
  const end = measureFrom + opts.seconds * 1000;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const worker = async (i: number) => {
    const headers = { cookie: readers[i % readers.length]!.cookie, origin };
    while (performance.now() < end) {
      const t0 = performance.now();
      let error: string | null = null;
      try {
        const res = await fetch(url, { headers });
        const body = (await res.json()) as { messages?: unknown[] };
        if (res.status !== 200) error = `HTTP ${res.status}`;
        else if (body.messages?.length !== 50) error = `page of ${body.messages?.length}`;
      } catch (err) {
        error = (err as Error).message;
      }
      if (t0 < measureFrom) continue;
      if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
      else latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => worker(i)));
  const seconds = (performance.now() - measureFrom) / 1000;
  return {
    concurrency: opts.concurrency,
    requests: latencies.length,
    errors,
    requestsPerSecond: latencies.length / seconds,
    latency: percentiles(latencies),
  };
}
