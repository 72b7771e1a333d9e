/**
 * One configuration under the hospital's load: everyone opens the app (not measured,
 * its time printed apart), then the timetable runs open-loop (a step starts on time
 * whether or not earlier ones have answered, so a slow server shows as latency, not as
 * less load) for the warm-up and the measured window. Figures are those of steps that
 * started in the window: per action its answer times and errors; per chat message the
 * time from sending to each socket following its thread receiving `message.created`
 * (a delivery that never came counts as ∞), split, with two instances, into deliveries on
 * the sender's instance and on the other one. Beside them: CPU shares, the servers'
 * memory at the end, and this generator's own event-loop delay.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type CpuShare, cpuMeter, type RunningServer, residentMemory } from "../lib/infra.ts";
import { type Percentiles, percentiles } from "../lib/stats.ts";
import { type Context, type Outcome, photo, run } from "./actions.ts";
import { HospitalApi } from "./api.ts";
import { Fleet } from "./fleet.ts";
import { type ActionKind, actionKinds, type Step, timetable } from "./mix.ts";
import { openApp, type World } from "./world.ts";

export interface RunOptions {
  warmupSeconds: number;
  seconds: number;
  seed: number;
  /** people opening the app at once */
  openConcurrency: number;
  /**
   * a bare baseline server (chat/baseline.ts) instead of the app: the same people connect
   * and follow the same threads (the app's run before it opened them), and the same
   * text messages go out at the same moments; nothing else runs
   */
  baseline?: boolean;
}

/** What a baseline is sent: the chat messages, photos as text (it takes no files). */
const baselineKinds = new Set<ActionKind>(["chat.department", "chat.shift", "chat.direct"]);

export interface ActionFigures {
  count: number;
  perSecond: number;
  latency: Percentiles;
  /** by status and code */
  errors: Map<string, number>;
  skipped: number;
}

export interface HospitalResult {
  label: string;
  people: number;
  instances: number;
  connected: number;
  openSeconds: number;
  open: Percentiles;
  actions: Map<ActionKind, ActionFigures>;
  messages: number;
  deliveries: number;
  lost: number;
  delivery: Percentiles;
  /** with two instances: deliveries on the sender's instance, and on the other */
  deliveryLocal?: Percentiles;
  deliveryCross?: Percentiles;
  socketErrors: Map<string, number>;
  otherFrames: Map<string, number>;
  cpu: CpuShare;
  /** each instance's resident memory at the end of the window, and its peak, in MB */
  memory: { rss: number; peak: number }[];
  loopDelay: { p99: number; max: number };
  windowSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Done {
  step: Step;
  t0: number;
  end: number;
  outcome: Outcome | { error: string };
}

/**
 * `world`: a new one for the app (everyone opens the app first), or the one the app's run
 * opened, for a baseline.
 */
export async function runHospital(
  label: string,
  servers: RunningServer[],
  world: World,
  opts: RunOptions,
): Promise<HospitalResult> {
  const api = new HospitalApi(servers);
  const fleet = new Fleet(servers, opts.baseline ? "/realtime" : "/api/realtime");
  try {
    const openStart = performance.now();
    const openTimes = opts.baseline
      ? await connectAgain(world, api, fleet)
      : await openApp(world, api, fleet, opts.openConcurrency);
    const openSeconds = (performance.now() - openStart) / 1000;

    const ctx: Context = {
      world,
      api,
      fleet,
      made: new Map(),
      photo: await photo(),
      baseline: opts.baseline,
    };
    const steps = timetable(world.people.length, opts.warmupSeconds + opts.seconds, opts.seed).flatMap((s) =>
      !opts.baseline || baselineKinds.has(s.kind)
        ? [s]
        : s.kind === "chat.photo"
          ? [{ ...s, kind: "chat.department" as const }]
          : [],
    );
    const warmupMs = opts.warmupSeconds * 1000;
    const done: Done[] = [];
    const pending: Promise<unknown>[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let stopCpu: (() => Promise<CpuShare>) | undefined;
    let windowStart = 0;
    const start = performance.now();
    for (const step of steps) {
      const wait = start + step.at - performance.now();
      if (wait > 0) await sleep(wait);
      if (!stopCpu && step.at >= warmupMs) {
        stopCpu = await cpuMeter(servers.map((s) => s.pid));
        loopDelay.enable();
        windowStart = performance.now();
      }
      const t0 = performance.now();
      const outcome = run(ctx, step).catch((err: Error) => ({ error: err.message }) as const);
      if (step.kind === "shift.create" || step.kind === "swap.offer")
        ctx.made.set(
          step,
          outcome.then((o) => ("error" in o ? { skip: o.error } : o)),
        );
      if (step.at < warmupMs) continue;
      pending.push(
        outcome.then((o) => {
          done.push({ step, t0, end: performance.now(), outcome: o });
        }),
      );
    }
    const windowEnd = performance.now();
    const windowSeconds = (windowEnd - windowStart) / 1000;
    const cpu = await stopCpu!();
    const memory = await Promise.all(servers.map((s) => residentMemory(s.pid)));
    loopDelay.disable();
    await Promise.race([Promise.all(pending), sleep(60_000)]);

    // Stragglers: a few seconds for the last deliveries.
    const sent = done.flatMap((d) => ("status" in d.outcome && d.outcome.message ? [d.outcome.message] : []));
    const expected = (threadId: string) => fleet.followers.get(threadId) ?? 0;
    const want = sent.reduce((n, s) => n + expected(s.threadId), 0);
    const received = () => sent.reduce((n, s) => n + (fleet.arrivals.get(s.id)?.length ?? 0), 0);
    const drainUntil = performance.now() + 5000;
    while (received() < want && performance.now() < drainUntil) await sleep(50);

    const all: number[] = [];
    const local: number[] = [];
    const cross: number[] = [];
    for (const s of sent) {
      const arrivals = fleet.arrivals.get(s.id) ?? [];
      const from = s.instance;
      for (const a of arrivals) {
        all.push(a.at - s.sentAt);
        (a.instance === from ? local : cross).push(a.at - s.sentAt);
      }
      for (let i = arrivals.length; i < expected(s.threadId); i++) all.push(Number.POSITIVE_INFINITY);
    }
    return {
      label,
      people: world.people.length,
      instances: servers.length,
      connected: fleet.sockets.length,
      openSeconds,
      open: percentiles(openTimes),
      actions: figuresOf(done, windowSeconds),
      messages: sent.length,
      deliveries: all.length,
      lost: all.filter((l) => l === Number.POSITIVE_INFINITY).length,
      delivery: percentiles(all),
      ...(servers.length > 1 ? { deliveryLocal: percentiles(local), deliveryCross: percentiles(cross) } : {}),
      socketErrors: fleet.errors,
      otherFrames: fleet.otherFrames,
      cpu,
      memory,
      loopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      windowSeconds,
    };
  } finally {
    fleet.close();
    api.close();
  }
}

/** A baseline's sockets: everyone follows what they had on screen in the app's run. */
async function connectAgain(world: World, api: HospitalApi, fleet: Fleet): Promise<number[]> {
  const times: number[] = [];
  for (const person of world.people) {
    const t0 = performance.now();
    await fleet.connect(
      person,
      api.instanceOf(person),
      world.department(person).id,
      world.screens.get(person)!.threadId,
    );
    times.push(performance.now() - t0);
  }
  return times;
}

function figuresOf(done: Done[], windowSeconds: number): Map<ActionKind, ActionFigures> {
  const figures = new Map<ActionKind, ActionFigures>();
  for (const kind of actionKinds) {
    const mine = done.filter((d) => d.step.kind === kind);
    const errors = new Map<string, number>();
    const latencies: number[] = [];
    let skipped = 0;
    for (const { outcome, t0, end } of mine) {
      if ("skip" in outcome) skipped++;
      else if ("error" in outcome) errors.set(outcome.error, (errors.get(outcome.error) ?? 0) + 1);
      else if (outcome.status >= 400) {
        const why = `HTTP ${outcome.status}${outcome.code ? ` ${outcome.code}` : ""}`;
        errors.set(why, (errors.get(why) ?? 0) + 1);
      } else latencies.push(end - t0);
    }
    figures.set(kind, {
      count: mine.length - skipped,
      perSecond: (mine.length - skipped) / windowSeconds,
      latency: percentiles(latencies),
      errors,
      skipped,
    });
  }
  return figures;
}
