/**
 * A closed loop of readers: `concurrency` workers each send their request again as soon
 * as the previous answer arrived (at most `concurrency` in flight), for a warm-up and
 * then the measured seconds. `request(worker)` does one request, reads the whole body and
 * says what was wrong with it (null: a good answer); only good answers give latencies,
 * the rest are counted by reason. With `serverPid`, the CPU shares of the measured
 * seconds come along (several pids: one server's processes together; none: no server, the
 * database and this process only). `sample` hears of every measured request, in the order
 * they end: which worker asked, how long it took, what was wrong (null: nothing), so a
 * caller can break the figures down by what the worker asked.
 */
import { type CpuShare, cpuMeter } from "./infra.ts";
import { type Percentiles, percentiles } from "./stats.ts";

export interface ClosedLoopResult {
  concurrency: number;
  requests: number;
  errors: Map<string, number>;
  requestsPerSecond: number;
  latency: Percentiles;
  cpu?: CpuShare;
}

export async function runClosedLoop(
  opts: {
    concurrency: number;
    warmupSeconds: number;
    seconds: number;
    serverPid?: number | number[];
    sample?: (worker: number, ms: number, error: string | null) => void;
  },
  request: (worker: number) => Promise<string | null>,
): Promise<ClosedLoopResult> {
  const start = performance.now();
  const measureFrom = start + opts.warmupSeconds * 1000;
  const end = measureFrom + opts.seconds * 1000;
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const serverPid = opts.serverPid;
  const meter =
    serverPid === undefined
      ? undefined
      : new Promise<() => Promise<CpuShare>>((resolve) =>
          setTimeout(() => resolve(cpuMeter(serverPid)), measureFrom - performance.now()),
        );
  const worker = async (i: number) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      let error: string | null;
      try {
        error = await request(i);
      } catch (err) {
        error = (err as Error).message;
      }
      if (t0 < measureFrom) continue;
      const took = performance.now() - t0;
      if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
      else latencies.push(took);
      opts.sample?.(i, took, error);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => worker(i)));
  const cpu = meter && (await (await meter)());
  const seconds = (performance.now() - measureFrom) / 1000;
  return {
    concurrency: opts.concurrency,
    requests: latencies.length,
    errors,
    requestsPerSecond: latencies.length / seconds,
    latency: percentiles(latencies),
    ...(cpu ? { cpu } : {}),
  };
}
