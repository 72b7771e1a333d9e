/**
 * The event bus: how a change made in one place reaches every interested listener
 * (realtime sockets, read caches) on every app instance. One process on PGlite has
 * `InProcessEventBus`; instances on PostgreSQL share events through LISTEN/NOTIFY
 * (pg-event-bus.ts). Nothing outside these files may rely on delivery being
 * synchronous or in-process.
 *
 * Topics: `user:{id}`, `dept:{id}`, `thread:{id}`, and `session:{id}` (a session
 * ended: its sockets close). Every event and its payload is declared once, in
 * common/schemas/realtime.ts.
 */
import type { PublishArgs, RealtimeEvent, RealtimeEventBody } from "../../common/schemas/realtime.ts";

/**
 * An event as listeners get it: one of `realtimeEventBody` (what happened, and ids and
 * small values: listeners fetch the rest), numbered per topic at delivery (`seq`: one
 * more for each event this instance delivers, so a socket sees no gap unless it missed
 * something) and timed at publication (`at`).
 */
export type BusEvent = RealtimeEvent & { topic: string };

/** One event of the union from a publish call's arguments (an event without payload gets `{}`). */
export function eventBody(...[type, payload]: PublishArgs): RealtimeEventBody {
  return { type, payload: payload ?? {} } as RealtimeEventBody;
}

/** A body's publish arguments again, for events collected before they are published (tx.ts). */
export const publishArgsOf = (body: RealtimeEventBody) => [body.type, body.payload] as PublishArgs;

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(topic: string, ...event: PublishArgs): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(topic: string, listener: BusListener): () => void;
  /**
   * Called when events of any topic may have been missed (the bus lost its connection
   * to the other instances): whoever keeps state derived from events drops it or asks
   * again. Returns the function that stops listening.
   */
  onResync(listener: () => void): () => void;
  /**
   * Whether an event of `topic` passed through this instance within the last `ms`: a
   * socket that subscribes then is told so, because what its tab read just before may
   * predate that event (realtime.ts, "subscribed").
   */
  heardWithin(topic: string, ms: number): boolean;
  close(): Promise<void>;
  /** false while events cannot reach the other instances (health says so) */
  healthy(): boolean;
}

/**
 * One process: listeners are called on the next tick, never inside publish. A listener
 * that throws is reported to `onListenerError` and the others still get the event: an
 * exception escaping a microtask would end the process.
 */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<BusListener>>();
  private readonly seqs = new Map<string, number>();
  /** each topic's last event (this.now() in ms), for `heardWithin` */
  private readonly lastHeard = new Map<string, number>();

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly onListenerError: (err: unknown, event: BusEvent) => void = (err) => console.error(err),
  ) {}

  async publish(topic: string, ...event: PublishArgs): Promise<void> {
    this.deliver(topic, eventBody(...event), this.now().toISOString());
  }

  /** Numbers the event on its topic and hands it to the topic's listeners on the next tick. */
  deliver(topic: string, body: RealtimeEventBody, at: string) {
    const seq = (this.seqs.get(topic) ?? 0) + 1;
    this.seqs.set(topic, seq);
    this.lastHeard.set(topic, this.now().getTime());
    const event: BusEvent = { ...body, topic, seq, at };
    const current = this.listeners.get(topic);
    if (!current) return;
    const targets = [...current];
    queueMicrotask(() => {
      for (const listener of targets) {
        // Unsubscribed in the meantime (a socket closed): it must not hear any more.
        if (!this.listeners.get(topic)?.has(listener)) continue;
        try {
          listener(event);
        } catch (err) {
          this.onListenerError(err, event);
        }
      }
    });
  }

  subscribe(topic: string, listener: BusListener): () => void {
    const set = this.listeners.get(topic) ?? new Set<BusListener>();
    this.listeners.set(topic, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      // A second call after the topic got a new set must not drop its listeners.
      if (set.size === 0 && this.listeners.get(topic) === set) this.listeners.delete(topic);
    };
  }

  heardWithin(topic: string, ms: number): boolean {
    const last = this.lastHeard.get(topic);
    return last !== undefined && this.now().getTime() - last <= ms;
  }

  /** One process misses none of its own events. */
  onResync(): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }

  healthy(): boolean {
    return true;
  }
}
