/**
 * What a hospital does in a busy hour (handover), as a timetable: every action, when,
 * and a random number that picks who and what when it runs. The same seed gives the same
 * timetable, so every configuration gets the same load.
 *
 * Rates are per 1,000 people per second, so the load grows with the hospital. At 2,000
 * people: 16 chat messages a second (57,600 an hour: about 29 per person, a handover peak
 * rather than an average hour), a reaction, a read and an opened thread for most of them,
 * a shift made, published and assigned every two seconds, swaps as often; and what every
 * open app does by itself: the bell polled, presence beating and the department's presence
 * read every 30 s, the socket pinged every 25 s (web/lib: notifications, presence,
 * realtime).
 */

export const chatKinds = ["chat.department", "chat.shift", "chat.direct", "chat.photo"] as const;
export type ChatKind = (typeof chatKinds)[number];

/** Actions drawn at random times, at these rates per 1,000 people per second. */
export const randomRates = {
  "chat.department": 4,
  "chat.shift": 2,
  "chat.direct": 2,
  "chat.photo": 0.1,
  "chat.react": 2,
  "chat.edit": 0.25,
  "chat.delete": 0.1,
  "chat.read": 8,
  "chat.open": 4,
  "shift.create": 0.25,
  "shift.interest": 2.5,
  "swap.offer": 0.25,
} as const;

/**
 * Actions that follow another one by a fixed delay, as people do: a leader publishes the
 * shift made a few seconds earlier and assigns it once people have answered; a colleague
 * claims an offered swap.
 */
export const followUps = {
  "shift.publish": { after: "shift.create", delayMs: 3_000 },
  "shift.assign": { after: "shift.create", delayMs: 25_000 },
  "swap.claim": { after: "swap.offer", delayMs: 5_000 },
} as const;

/** What every open app does by itself, each person at their own phase of the period. */
export const periodic = {
  "bell.poll": 30_000,
  "presence.heartbeat": 30_000,
  "presence.read": 30_000,
  "socket.ping": 25_000,
} as const;

export type RandomKind = keyof typeof randomRates;
export type FollowUpKind = keyof typeof followUps;
export type PeriodicKind = keyof typeof periodic;
export type ActionKind = RandomKind | FollowUpKind | PeriodicKind;

export const actionKinds = [
  ...Object.keys(randomRates),
  ...Object.keys(followUps),
  ...Object.keys(periodic),
] as ActionKind[];

export interface Step {
  /** ms from the start of the timetable */
  at: number;
  kind: ActionKind;
  /** for periodic actions, the person; else a number in [0, 1) that picks who and what */
  pick: number;
  /** for a follow-up, the step it follows */
  parent?: Step;
}

/** mulberry32: a small seeded generator, so a timetable is the same in every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The timetable of `seconds` for `people`, in time order. */
export function timetable(people: number, seconds: number, seed: number): Step[] {
  const random = seeded(seed);
  const steps: Step[] = [];
  const length = seconds * 1000;
  for (const [kind, rate] of Object.entries(randomRates) as [RandomKind, number][]) {
    const count = Math.round((rate * people * seconds) / 1000);
    for (let i = 0; i < count; i++) {
      const step: Step = { at: random() * length, kind, pick: random() };
      steps.push(step);
      for (const [next, rule] of Object.entries(followUps) as [
        FollowUpKind,
        (typeof followUps)[FollowUpKind],
      ][])
        if (rule.after === kind && step.at + rule.delayMs < length)
          steps.push({ at: step.at + rule.delayMs, kind: next, pick: random(), parent: step });
    }
  }
  for (const [kind, period] of Object.entries(periodic) as [PeriodicKind, number][])
    for (let person = 0; person < people; person++)
      for (let at = (person / people) * period; at < length; at += period)
        steps.push({ at, kind, pick: person });
  return steps.sort((a, b) => a.at - b.at);
}
