/** Percentiles of latency samples, and how the benchmark prints them. */

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles in ms (Infinity: never arrived); NaN for no samples. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.ceil(p * sorted.length) - 1]!);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

export const ms = (v: number) => {
  if (Number.isNaN(v)) return "–";
  return v === Number.POSITIVE_INFINITY ? "∞" : `${v.toFixed(1)} ms`;
};

export const summarize = (p: Percentiles) =>
  `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)}, max ${ms(p.max)}`;
