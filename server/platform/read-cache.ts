/**
 * Answers held in memory for a few seconds, so that what a whole ward reads at once
 * (after each realtime event every open screen asks again) costs one database read
 * instead of one each: a request's session and person, a department's open shifts, a
 * thread's newest messages (bench/allocation, bench/chat).
 *
 * A value goes as soon as the bus says it changed: every event on the key's topic, heard
 * from before its first read (`topicOf`), or the events a loaded value names (`staleOn`:
 * a session hears its sign-out only once it is known whose it is). The changes of this
 * app all say so after their commit, on every instance (the bus carries them between
 * instances on PostgreSQL); when the bus may have missed some (its connection was lost)
 * everything is dropped. What the bus does not carry (SQL by hand) is seen when the
 * value's few seconds are up.
 *
 * Concurrent misses of one key share one read, and a read that began before its key was
 * made stale is answered but not kept.
 */
import type { RealtimeEventType } from "../../common/schemas/realtime.ts";
import type { EventBus } from "./events.ts";

export interface ReadCacheOptions<V> {
  /** how long a value answers without the database; 0 keeps nothing */
  ttlMs: number;
  /** at most this many values; the oldest go first */
  maxEntries?: number;
  /** monotonic milliseconds */
  now?: () => number;
  /** these events (every one, without `types`) on this topic make the key's value stale */
  topicOf?: (key: string) => { topic: string; types?: readonly RealtimeEventType[] };
  /** events that make this loaded value stale */
  staleOn?: (value: V) => { topic: string; type: RealtimeEventType }[];
  /** false: the value may not be answered any more (a session past its end) */
  usable?: (value: V) => boolean;
}

interface Entry<V> {
  value: V;
  /** monotonic time (ms) until which the value answers */
  freshUntil: number;
  stopListening: () => void;
}

export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** reads under way; one made stale is dropped from here and answers without being kept */
  private readonly loading = new Map<string, Promise<V | null>>();
  /** keys whose topic is listened to, with the function that stops it */
  private readonly topicListeners = new Map<string, () => void>();
  private readonly now: () => number;

  constructor(
    private readonly bus: EventBus,
    private readonly opts: ReadCacheOptions<V>,
  ) {
    this.now = opts.now ?? (() => performance.now());
    // An invalidation may have been missed: nothing kept can be trusted. A cache lives as
    // long as its app, whose bus ends with it.
    bus.onResync(() => this.forgetAll());
  }

  /** The key's value: from memory while fresh, else from `load` (null is not kept). */
  read(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.freshUntil > this.now() && (this.opts.usable?.(entry.value) ?? true))
        return Promise.resolve(entry.value);
      this.remove(key);
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    if (this.opts.ttlMs <= 0) return load();
    this.listenToTopic(key);
    const read: Promise<V | null> = load()
      .then((value) => {
        // Still the key's read: nothing made it stale meanwhile.
        if (this.loading.get(key) === read) {
          this.loading.delete(key);
          if (value !== null) this.store(key, value);
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === read) this.loading.delete(key);
        if (!this.entries.has(key) && !this.loading.has(key)) this.stopTopic(key);
      });
    this.loading.set(key, read);
    return read;
  }

  /** Changes a kept value in place (what was just written to the database). */
  update(key: string, change: (value: V) => void) {
    const entry = this.entries.get(key);
    if (entry) change(entry.value);
  }

  /** Makes the key's value stale, and any read of it under way. */
  forget(key: string) {
    this.loading.delete(key);
    this.remove(key);
  }

  /** Makes every value that matches stale, and every read under way. */
  forgetWhere(match: (value: V) => boolean) {
    this.loading.clear();
    for (const [key, entry] of [...this.entries]) if (match(entry.value)) this.remove(key);
  }

  forgetAll() {
    this.forgetWhere(() => true);
  }

  get size() {
    return this.entries.size;
  }

  private store(key: string, value: V) {
    this.remove(key, { keepTopic: true });
    const max = this.opts.maxEntries ?? 10_000;
    while (this.entries.size >= max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    const stops = (this.opts.staleOn?.(value) ?? []).map(({ topic, type }) =>
      this.bus.subscribe(topic, (event) => {
        if (event.type === type) this.forget(key);
      }),
    );
    this.entries.set(key, {
      value,
      freshUntil: this.now() + this.opts.ttlMs,
      stopListening: () => {
        for (const stop of stops) stop();
      },
    });
  }

  private remove(key: string, opts: { keepTopic?: boolean } = {}) {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      entry.stopListening();
    }
    if (!opts.keepTopic && !this.loading.has(key)) this.stopTopic(key);
  }

  private listenToTopic(key: string) {
    if (!this.opts.topicOf || this.topicListeners.has(key)) return;
    const { topic, types } = this.opts.topicOf(key);
    this.topicListeners.set(
      key,
      this.bus.subscribe(topic, (event) => {
        if (!types || types.includes(event.type)) this.forget(key);
      }),
    );
  }

  private stopTopic(key: string) {
    this.topicListeners.get(key)?.();
    this.topicListeners.delete(key);
  }
}
