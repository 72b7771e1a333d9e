/**
 * The event bus: how a change made in one place reaches every interested listener
 * (realtime sockets, read caches) on every app instance. One process on PGlite has
 * `InProcessEventBus`; instances on PostgreSQL share events through LISTEN/NOTIFY
 * (pg-event-bus.ts). Nothing outside these files may rely on delivery being
 * synchronous or in-process.
 *
 * Topics: `user:{id}`, `dept:{id}`, `thread:{id}`, and `session:{id}` (a session
 * ended: its sockets close).
 */

export interface BusEvent {
  topic: string;
  /** what happened, e.g. `notification.created`, `session.ended` */
  type: string;
  /** ids and small values only: listeners fetch the rest */
  payload: Record<string, unknown>;
  /**
   * per topic, one more for each event this instance delivers: numbered at delivery, so
   * a socket sees no gap unless it missed something
   */
  seq: number;
  /** ISO time of publication */
  at: string;
}

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(topic: string, type: string, payload?: Record<string, unknown>): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(topic: string, listener: BusListener): () => void;
  /**
   * Called when events of any topic may have been missed (the bus lost its connection
   * to the other instances): whoever keeps state derived from events drops it or asks
   * again. Returns the function that stops listening.
   */
  onResync(listener: () => void): () => void;
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

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly onListenerError: (err: unknown, event: BusEvent) => void = (err) => console.error(err),
  ) {}

  async publish(topic: string, type: string, payload: Record<string, unknown> = {}): Promise<void> {
    this.deliver(topic, type, payload, this.now().toISOString());
  }

  /** Numbers the event on its topic and hands it to the topic's listeners on the next tick. */
  deliver(topic: string, type: string, payload: Record<string, unknown>, at: string) {
    const seq = (this.seqs.get(topic) ?? 0) + 1;
    this.seqs.set(topic, seq);
    const event: BusEvent = { topic, type, payload, seq, at };
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
