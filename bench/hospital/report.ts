/** How the hospital benchmark prints a run, the medians of a configuration, and its targets. */
import { describeCpu } from "../lib/infra.ts";
import { ms, type Percentiles } from "../lib/stats.ts";
import type { ActionKind } from "./mix.ts";
import type { ActionFigures, HospitalResult } from "./run.ts";

const countOf = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
const errorText = (errors: Map<string, number>) =>
  errors.size === 0 ? "" : [...errors].map(([why, n]) => `${n}× ${why}`).join(", ");

/** Every action's errors, and the sockets', in one count. */
export const totalErrors = (r: HospitalResult) =>
  [...r.actions.values()].reduce((n, a) => n + countOf(a.errors), 0) + countOf(r.socketErrors);

/** The slowest p99 of the API actions (the socket ping has no answer to time). */
export function worstApiP99(r: HospitalResult): { kind: ActionKind; p99: number } {
  let worst = { kind: "bell.poll" as ActionKind, p99: 0 };
  for (const [kind, a] of r.actions)
    if (a.count > 0 && a.latency.p99 > worst.p99) worst = { kind, p99: a.latency.p99 };
  return worst;
}

/** All requests of the window together: the average and the share answered with an error. */
export function overall(r: HospitalResult): { requests: number; errorShare: number } {
  let requests = 0;
  let errors = 0;
  for (const a of r.actions.values()) {
    requests += a.count;
    errors += countOf(a.errors);
  }
  return { requests, errorShare: requests === 0 ? 0 : errors / requests };
}

const cell = (c: string, i: number) => (i === 0 ? c.padEnd(22) : c.padStart(10));
const row = (cells: string[]) => console.log(`  ${cells.map(cell).join("")}`);

export function printRun(r: HospitalResult) {
  const rss = r.memory.map((m) => `${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)})`).join(" + ");
  console.log(
    `\n${r.label}: ${r.connected}/${r.people} people connected on ${r.instances} instance(s); ` +
      `app opened by all in ${r.openSeconds.toFixed(1)} s (each: ${summarizeShort(r.open)})`,
  );
  row(["action", "count", "per s", "p50", "p95", "p99", "max", "errors", "skipped"]);
  for (const [kind, a] of r.actions) {
    if (a.count === 0 && a.skipped === 0) continue;
    const l = a.latency;
    row([
      kind,
      String(a.count),
      a.perSecond.toFixed(1),
      ms(l.p50),
      ms(l.p95),
      ms(l.p99),
      ms(l.max),
      String(countOf(a.errors)),
      String(a.skipped),
    ]);
  }
  for (const [kind, a] of r.actions)
    if (a.errors.size > 0) console.log(`  errors of ${kind}: ${errorText(a.errors)}`);
  const d = r.delivery;
  console.log(
    `  chat send→deliver: ${r.messages} messages, ${r.deliveries} deliveries, lost ${r.lost}; ` +
      `p50 ${ms(d.p50)}, p95 ${ms(d.p95)}, p99 ${ms(d.p99)}, max ${ms(d.max)}`,
  );
  if (r.deliveryLocal && r.deliveryCross)
    console.log(
      `  on the sender's instance ${summarizeShort(r.deliveryLocal)}; on the other ${summarizeShort(r.deliveryCross)}`,
    );
  if (r.socketErrors.size > 0) console.log(`  socket errors: ${errorText(r.socketErrors)}`);
  console.log(`  ${describeCpu(r.cpu)}`);
  console.log(
    `  server memory ${rss}; generator event-loop delay p99 ${ms(r.loopDelay.p99)}, max ${ms(r.loopDelay.max)}; ` +
      `${countOf(r.otherFrames)} other frames received`,
  );
  const byType = [...r.otherFrames].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${n}`);
  if (byType.length > 0) console.log(`  other frames by type: ${byType.join(", ")}`);
}

const summarizeShort = (p: Percentiles) => `p50 ${ms(p.p50)}, p99 ${ms(p.p99)}`;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** One line per run of a configuration, so every run is seen, not only the median. */
export function printRunLines(runs: HospitalResult[]) {
  for (const [i, r] of runs.entries()) {
    const worst = worstApiP99(r);
    console.log(
      `  run ${i + 1}: deliver p99 ${ms(r.delivery.p99)}, slowest API p99 ${ms(worst.p99)} (${worst.kind}), ` +
        `errors ${totalErrors(r)}, lost ${r.lost}, server CPU ${r.cpu.server.toFixed(0)}%, ` +
        `postgres ${r.cpu.postgres.toFixed(0)}%, machine ${r.cpu.machine.toFixed(0)}%, ` +
        `RSS ${r.memory.map((m) => m.rss.toFixed(0)).join("+")} MB`,
    );
  }
}

/** The per-action p99 medians over runs, for the summary table. */
export function medianActions(runs: HospitalResult[]): Map<ActionKind, ActionFigures> {
  const out = new Map<ActionKind, ActionFigures>();
  for (const kind of runs[0]!.actions.keys()) {
    const all = runs.map((r) => r.actions.get(kind)!);
    const pick = (f: (a: ActionFigures) => number) => median(all.map(f));
    out.set(kind, {
      count: pick((a) => a.count),
      perSecond: pick((a) => a.perSecond),
      latency: {
        p50: pick((a) => a.latency.p50),
        p95: pick((a) => a.latency.p95),
        p99: pick((a) => a.latency.p99),
        max: pick((a) => a.latency.max),
      },
      errors: new Map(all.flatMap((a) => [...a.errors])),
      skipped: pick((a) => a.skipped),
    });
  }
  return out;
}
