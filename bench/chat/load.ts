/**
 * The realtime load: one WebSocket per person, each following one thread, and senders
 * posting at a fixed rate. Senders are open-loop (a post is issued on schedule whether
 * or not earlier ones have answered), so a slow server shows up as latency instead of
 * quietly lowering the rate.
 *
 * Latency of one delivery: from the moment the POST is issued to the moment the
 * `message.created` event for that message arrives on one subscribed socket (the event
 * carries ids only, so arrivals are matched to posts by message id; the event may come
 * before the POST's answer). Each message therefore gives one sample per follower of
 * its thread, the sender's own socket included. A delivery that never arrives (its post
 * failed or was not answered within `answerTimeoutMs`, or the event was not sent) counts
 * as infinitely late, so percentiles are never flattered by what was lost. Only "event
 * received" is measured: the fetch a browser then makes to show the message is not.
 *
 * Throughput is what the server did within the measured window: 201 answers and
 * deliveries received in it, per second (a server that falls behind answers fewer than
 * the rate, however many posts it accepts).
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import WebSocket from "ws";
import { type CpuShare, cpuMeter } from "../lib/infra.ts";
import type { BenchUser } from "../lib/people.ts";
import { type Percentiles, percentiles } from "../lib/stats.ts";

/** A server under test: where sockets connect and how a message is posted. */
export interface Target {
  label: string;
  pid: number;
  wsUrl: string;
  /** the Origin a browser on the app's page sends */
  origin: string;
  /** Posts as `author`; the new message's id, or an error description. */
  post(author: BenchUser, threadId: string, content: string): Promise<{ id: string } | { error: string }>;
  /** Closes what `post` keeps open. */
  close(): void;
}

export interface LoadOptions {
  rate: number;
  warmupSeconds: number;
  seconds: number;
  /** sockets opening at once (each upgrade reads the session) */
  connectConcurrency: number;
  /** how long after the window unanswered posts are still waited for */
  answerTimeoutMs: number;
}

export interface LoadResult {
  label: string;
  connected: number;
  threads: number;
  connectSeconds: number;
  /** posts issued in the measured window, and how many answered 201 */
  sent: number;
  ok: number;
  /** failed posts by reason, socket errors and unexpected closes */
  errors: Map<string, number>;
  /** deliveries of the window's messages that never arrived */
  lost: number;
  msgsPerSecond: number;
  deliveriesPerSecond: number;
  latency: Percentiles;
  /** the POST's own answer time (a failed post: ∞) */
  postTime: Percentiles;
  cpu: CpuShare;
  /** the benchmark's own event-loop delay p99: how late it may have stamped arrivals */
  benchLoopDelayP99: number;
}

const sleep = (msValue: number) => new Promise((r) => setTimeout(r, msValue));

function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Sockets of `users`, user i following `threadIds[i % threadIds.length]`. */
class Fleet {
  readonly arrivals = new Map<string, number[]>();
  readonly sockets: WebSocket[] = [];
  readonly errors = new Map<string, number>();
  private closing = false;

  constructor(private readonly target: Target) {}

  connect(user: BenchUser, threadId: string): Promise<void> {
    const topic = `thread:${threadId}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.target.wsUrl, {
        headers: { cookie: user.cookie, origin: this.target.origin },
        perMessageDeflate: false,
      });
      ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
      ws.once("error", reject);
      ws.once("open", () => ws.send(JSON.stringify({ type: "subscribe", topic })));
      ws.once("close", (code) => {
        if (!this.closing) count(this.errors, `socket closed (${code})`);
      });
      ws.on("message", (data) => {
        // Stamped before parsing, so the client's own work is not counted as latency.
        const at = performance.now();
        const frame = JSON.parse(String(data)) as {
          type: string;
          code?: string;
          event?: { type: string; payload: { messageId?: string } };
        };
        if (frame.type === "event" && frame.event?.type === "message.created") {
          const id = frame.event.payload.messageId!;
          const list = this.arrivals.get(id);
          if (list) list.push(at);
          else this.arrivals.set(id, [at]);
        } else if (frame.type === "subscribed") {
          this.sockets.push(ws);
          resolve();
        } else if (frame.type === "error") {
          count(this.errors, `realtime error ${frame.code}`);
          reject(new Error(`subscribe refused: ${frame.code}`));
        }
      });
    });
  }

  close() {
    this.closing = true;
    for (const ws of this.sockets) ws.terminate();
  }
}

async function connectAll(target: Target, users: BenchUser[], threadIds: string[], concurrency: number) {
  const fleet = new Fleet(target);
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const i = next++;
      await fleet.connect(users[i]!, threadIds[i % threadIds.length]!);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } catch (err) {
    fleet.close();
    throw err;
  }
  return fleet;
}

interface Sent {
  threadIndex: number;
  t0: number;
  measured: boolean;
  done?: number;
  id?: string;
}

/**
 * Connects every socket, posts at `rate` for the warm-up and then the measured window,
 * waits for the deliveries, and returns the figures of the measured window.
 */
export async function runLoad(
  target: Target,
  users: BenchUser[],
  threadIds: string[],
  opts: LoadOptions,
): Promise<LoadResult> {
  const connectStart = performance.now();
  const fleet = await connectAll(target, users, threadIds, opts.connectConcurrency);
  const connectSeconds = (performance.now() - connectStart) / 1000;
  try {
    const m = threadIds.length;
    const followers = threadIds.map((_, t) => users.filter((_, i) => i % m === t));
    const failures = new Map<string, number>();
    const sent: Sent[] = [];
    const pending: Promise<void>[] = [];
    const interval = 1000 / opts.rate;
    const total = Math.round(opts.rate * (opts.warmupSeconds + opts.seconds));
    const firstMeasured = Math.round(opts.rate * opts.warmupSeconds);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let stopCpu: (() => Promise<CpuShare>) | undefined;

    let windowStart = 0;
    const start = performance.now();
    for (let k = 0; k < total; k++) {
      const wait = start + k * interval - performance.now();
      if (wait > 0) await sleep(wait);
      if (k === firstMeasured) {
        stopCpu = await cpuMeter(target.pid);
        loopDelay.enable();
        windowStart = performance.now();
      }
      // Each thread's followers write in turn.
      const t = k % m;
      const authors = followers[t]!;
      const author = authors[Math.floor(k / m) % authors.length]!;
      const record: Sent = { threadIndex: t, t0: performance.now(), measured: k >= firstMeasured };
      sent.push(record);
      pending.push(
        target.post(author, threadIds[t]!, `Benk #${k} sendt ${new Date().toISOString()}`).then(
          (answer) => {
            record.done = performance.now();
            if ("id" in answer) record.id = answer.id;
            else if (record.measured) count(failures, answer.error);
          },
          (err: Error & { cause?: { code?: string } }) => {
            record.done = performance.now();
            if (record.measured) count(failures, `${err.message} (${err.cause?.code ?? err.cause})`);
          },
        ),
      );
    }
    const windowEnd = performance.now();
    const windowSeconds = (windowEnd - windowStart) / 1000;
    const cpu = await stopCpu!();
    loopDelay.disable();
    await Promise.race([Promise.all(pending), sleep(opts.answerTimeoutMs)]);

    const measured = sent.filter((s) => s.measured);
    const unanswered = measured.filter((s) => s.done === undefined).length;
    if (unanswered > 0)
      failures.set(`no answer within ${opts.answerTimeoutMs / 1000} s after the window`, unanswered);
    const expected = (s: Sent) => followers[s.threadIndex]!.length;
    const want = measured.reduce((n, s) => n + expected(s), 0);
    const received = () => measured.reduce((n, s) => n + (fleet.arrivals.get(s.id ?? "")?.length ?? 0), 0);
    // Stragglers: give the last deliveries a few seconds after the last answer.
    const drainUntil = performance.now() + 5000;
    while (received() < want && performance.now() < drainUntil) await sleep(50);

    const latencies: number[] = [];
    for (const s of measured) {
      const arrivals = fleet.arrivals.get(s.id ?? "") ?? [];
      for (const at of arrivals) latencies.push(at - s.t0);
      for (let i = arrivals.length; i < expected(s); i++) latencies.push(Number.POSITIVE_INFINITY);
    }
    const inWindow = (at: number) => at >= windowStart && at <= windowEnd;
    let deliveries = 0;
    for (const arrivals of fleet.arrivals.values()) for (const at of arrivals) if (inWindow(at)) deliveries++;
    const answered = sent.filter((s) => s.id !== undefined && inWindow(s.done!)).length;
    const errors = new Map([...failures, ...fleet.errors]);
    return {
      label: target.label,
      connected: fleet.sockets.length,
      threads: m,
      connectSeconds,
      sent: measured.length,
      ok: measured.filter((s) => s.id !== undefined).length,
      errors,
      lost: latencies.filter((l) => l === Number.POSITIVE_INFINITY).length,
      msgsPerSecond: answered / windowSeconds,
      deliveriesPerSecond: deliveries / windowSeconds,
      latency: percentiles(latencies),
      postTime: percentiles(
        measured.map((s) => (s.id === undefined ? Number.POSITIVE_INFINITY : s.done! - s.t0)),
      ),
      cpu,
      benchLoopDelayP99: loopDelay.percentile(99) / 1e6,
    };
  } finally {
    fleet.close();
    target.close();
  }
}
