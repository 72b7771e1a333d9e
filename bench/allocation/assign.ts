/**
 * The assignment test: a leader assigns shifts one after another, each once, so every
 * call is a full run (lock, candidates, counts, eligibility, ranking, the writes). The
 * warm-up shifts go first and are not measured: the server's first requests of a route
 * compile code and fill caches, which a leader's hundredth assignment does not meet.
 * Latency is from issuing the request to having read the whole answer.
 *
 * `pauseMs` waits that long before each measured call. An assignment's notices to its
 * 499 other candidates are written just after its answer (about 25 ms of the database
 * here); back to back, each assignment shares the machine with the previous one's.
 * A leader clicks 'Tildel automatisk' far less often than every 100 ms, so the paced
 * run is what a leader meets, and the run without pauses the load of a burst.
 */
import { type CpuShare, cpuMeter } from "../lib/infra.ts";
import { type Percentiles, percentiles } from "../lib/stats.ts";

export interface AssignTarget {
  label: string;
  pid: number;
  /** Assigns the shift; null when the answer is a fresh assignment, else what was wrong. */
  assign(shiftId: string): Promise<string | null>;
  close(): void;
}

export interface AssignResult {
  label: string;
  /** the wait before each measured call (0: back to back) */
  pauseMs: number;
  assigned: number;
  /** failed calls by reason, warm-up ones included */
  errors: Map<string, number>;
  latency: Percentiles;
  cpu: CpuShare;
}

export async function runAssignments(
  target: AssignTarget,
  shifts: { warmup: string[]; measured: string[] },
  pauseMs = 0,
): Promise<AssignResult> {
  const errors = new Map<string, number>();
  const call = async (shiftId: string) => {
    let error: string | null;
    try {
      error = await target.assign(shiftId);
    } catch (err) {
      error = (err as Error).message;
    }
    if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
    return error === null;
  };
  try {
    for (const id of shifts.warmup) await call(id);
    const stopCpu = await cpuMeter(target.pid);
    const latencies: number[] = [];
    for (const id of shifts.measured) {
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      const t0 = performance.now();
      if (await call(id)) latencies.push(performance.now() - t0);
    }
    return {
      label: target.label,
      pauseMs,
      assigned: latencies.length,
      errors,
      latency: percentiles(latencies),
      cpu: await stopCpu(),
    };
  } finally {
    target.close();
  }
}
