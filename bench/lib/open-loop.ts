/**
 * An open loop: requests issued at a fixed `rate` a second, each on schedule whether or
 * not earlier ones have answered (at most as many in flight as the server lets pile up),
 * for a warm-up and then the measured seconds. It shows what a rate of arrivals costs in
 * latency, where a closed loop (closed-loop.ts) shows the most the machine does: a slow
 * server shows up as latency instead of quietly lowering the rate. A request's latency
 * runs from the moment it was due, so a request this process issued late is not
 * flattered. `request(k)` does the k-th request and says what was wrong (null: a good
 * answer); `sample` hears of every measured one as it ends. With `serverPid`, the CPU
 * shares of the measured seconds come along, as in the closed loop.
 */
import { type CpuShare, cpuMeter } from "./infra.ts";
import { type Percentiles, percentiles } from "./stats.ts";

export interface OpenLoopResult {
  rate: number;
  /** good answers to the measured requests */
  requests: number;
  errors: Map<string, number>;
  /** good answers per measured second */
  requestsPerSecond: number;
  latency: Percentiles;
  cpu?: CpuShare;
}

export async function runOpenLoop(
  opts: {
    rate: number;
    warmupSeconds: number;
    seconds: number;
    serverPid?: number | number[];
    sample?: (k: number, ms: number, error: string | null) => void;
  },
  request: (k: number) => Promise<string | null>,
): Promise<OpenLoopResult> {
  const interval = 1000 / opts.rate;
  const start = performance.now();
  const measureFrom = start + opts.warmupSeconds * 1000;
  const end = measureFrom + opts.seconds * 1000;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const meter = new Promise<(() => Promise<CpuShare>) | undefined>((resolve) =>
    setTimeout(
      () => resolve(opts.serverPid === undefined ? undefined : cpuMeter(opts.serverPid)),
      measureFrom - performance.now(),
    ),
  );
  const pending: Promise<void>[] = [];
  const one = async (k: number, due: number) => {
    let error: string | null;
    try {
      error = await request(k);
    } catch (err) {
      error = (err as Error).message;
    }
    if (due < measureFrom) return;
    const took = performance.now() - due;
    if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
    else latencies.push(took);
    opts.sample?.(k, took, error);
  };
  for (let k = 0; ; k++) {
    const due = start + k * interval;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(k, due));
  }
  await Promise.all(pending);
  const cpu = await (await meter)?.();
  return {
    rate: opts.rate,
    requests: latencies.length,
    errors,
    requestsPerSecond: latencies.length / opts.seconds,
    latency: percentiles(latencies),
    ...(cpu ? { cpu } : {}),
  };
}
