/**
 * The event bus of instances that share one PostgreSQL: LISTEN/NOTIFY on one channel.
 *
 * An instance's own events reach its own listeners at once, as on one process
 * (InProcessEventBus), and go to the others through `pg_notify`; what comes back from
 * NOTIFY with this instance's origin is ignored, so each instance delivers each event
 * exactly once. Every instance numbers the events it delivers per topic (`seq`), so the
 * numbering its sockets see has no gaps.
 *
 * Events published in the same tick (a transaction's commit publishes its events in a
 * loop) go out in one statement, and so do those published while the previous statement
 * was under way. NOTIFY carries at most 8,000 bytes: a larger event is
 * delivered here in full and sent to the others without its payload, marked, and they
 * resynchronise (their caches drop everything and their sockets refetch).
 *
 * One dedicated connection listens. When it is lost it connects again by itself
 * (100 ms doubling to 5 s); once it listens again the bus tells its users to
 * resynchronise (`onResync`), since invalidations may have passed meanwhile. Publishing
 * goes through the app's pool; a failed NOTIFY is logged, and the others see the change
 * when their kept values time out (READ_CACHE_SECONDS) or at their next resync.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { PublishArgs, RealtimeEventBody, RealtimeEventType } from "../../common/schemas/realtime.ts";
import type { AppLog } from "./context.ts";
import { type BusListener, type EventBus, eventBody, InProcessEventBus } from "./events.ts";

export const eventsChannel = "vaktrom_events";
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const maxNotifyBytes = 7999;

/** What travels on the channel. */
interface Wire {
  /** the publishing instance */
  o: string;
  /**
   * the instance's count of events sent: PostgreSQL delivers identical payloads sent in
   * one transaction only once, and two equal events in one batch must both arrive
   */
  n: number;
  t: string;
  y: RealtimeEventType;
  p: RealtimeEventBody["payload"];
  at: string;
  /** the payload was too large to send: receivers resynchronise */
  cut?: true;
}

/** What the bus needs of the app's pool: one query with parameters. */
export interface NotifyQuery {
  query(text: string, values: unknown[]): Promise<unknown>;
}

export interface PgEventBusOptions {
  /** the database's URL, for the listening connection */
  url: string;
  /** the app's pool, for pg_notify */
  pool: NotifyQuery;
  log: AppLog;
  now?: () => Date;
  /** first wait before connecting again; doubles up to `maxReconnectMs` */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

const notifyBatch = `select pg_notify($1, x) from unnest($2::text[]) x`;

export class PgEventBus implements EventBus {
  /** this instance on the channel */
  readonly origin = randomUUID();
  private readonly local: InProcessEventBus;
  private readonly resyncListeners = new Set<() => void>();
  private readonly now: () => Date;
  private listener: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  /** encoded events waiting for the next flush */
  private unsent: string[] = [];
  private flushScheduled = false;
  private sent = 0;
  /**
   * the one statement under way: events published meanwhile wait and go together in the
   * next, so the others receive them in order, and a busy instance sends fewer, larger
   * statements instead of queueing one per tick
   */
  private inFlight: Promise<void> | null = null;

  constructor(private readonly opts: PgEventBusOptions) {
    this.now = opts.now ?? (() => new Date());
    this.local = new InProcessEventBus(this.now, (err, event) =>
      opts.log.error({ err, topic: event.topic, type: event.type }, "event listener failed"),
    );
  }

  /** Listens before the app serves anything, so no event of another instance is missed. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  /** The pid of the listening connection (tests end it to see the bus recover). */
  listenerPid(): number | null {
    return (this.listener as unknown as { processID?: number } | null)?.processID ?? null;
  }

  /** Listening: the other instances' events arrive (health reports it). */
  healthy(): boolean {
    return this.listening;
  }

  async publish(topic: string, ...event: PublishArgs): Promise<void> {
    const at = this.now().toISOString();
    const body = eventBody(...event);
    this.local.deliver(topic, body, at);
    if (this.closed) return;
    this.unsent.push(
      this.encode({ o: this.origin, n: ++this.sent, t: topic, y: body.type, p: body.payload, at }),
    );
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // After the current tick: a commit's loop of publishes has queued all of its events.
      setImmediate(() => this.flush());
    }
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.local.subscribe(topic, listener);
  }

  heardWithin(topic: string, ms: number): boolean {
    return this.local.heardWithin(topic, ms);
  }

  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.flush();
    while (this.inFlight) await this.inFlight;
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    if (client) {
      await client.query(`unlisten ${eventsChannel}`).catch(() => {});
      await client.end().catch(() => {});
    }
    this.resyncListeners.clear();
    await this.local.close();
  }

  private encode(wire: Wire): string {
    const text = JSON.stringify(wire);
    if (Buffer.byteLength(text) <= maxNotifyBytes) return text;
    // Ids and small values only belong in an event; say which, not what it held.
    this.opts.log.warn(
      { topic: wire.t, type: wire.y, bytes: Buffer.byteLength(text) },
      "event too large for NOTIFY: the other instances resynchronise",
    );
    return JSON.stringify({ ...wire, p: {}, cut: true } satisfies Wire);
  }

  private flush() {
    this.flushScheduled = false;
    if (this.inFlight || this.unsent.length === 0) return;
    const batch = this.unsent;
    this.unsent = [];
    this.inFlight = this.opts.pool
      .query(notifyBatch, [eventsChannel, batch])
      .then(
        () => {},
        (err: unknown) =>
          this.opts.log.error({ err, events: batch.length }, "events not sent to the other instances"),
      )
      .finally(() => {
        this.inFlight = null;
        this.flush();
      });
  }

  private receive(text: string | undefined) {
    let wire: Wire;
    try {
      wire = JSON.parse(text ?? "") as Wire;
    } catch {
      this.opts.log.warn({ channel: eventsChannel }, "unreadable event on the channel");
      return;
    }
    if (wire.o === this.origin) return;
    if (typeof wire.t !== "string" || typeof wire.y !== "string") return;
    if (wire.cut) return this.resync();
    // Sent by an instance of this app: the web client checks every event it is given,
    // so one this instance does not know (a newer instance mid-deploy) harms nobody.
    this.local.deliver(wire.t, { type: wire.y, payload: wire.p ?? {} } as RealtimeEventBody, wire.at);
  }

  private resync() {
    for (const listener of [...this.resyncListeners]) {
      try {
        listener();
      } catch (err) {
        this.opts.log.error({ err }, "resync listener failed");
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.url, keepAlive: true });
    // Without a listener an error of this connection would end the process.
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, null));
    client.on("notification", (msg) => {
      if (msg.channel === eventsChannel) this.receive(msg.payload);
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`listen ${eventsChannel}`);
    } catch (err) {
      this.lost(client, err);
      throw err;
    }
    if (this.closed || this.listener !== client) {
      await client.end().catch(() => {});
      return;
    }
    const recovered = this.attempt > 0;
    this.attempt = 0;
    this.listening = true;
    if (recovered) {
      this.opts.log.info({ channel: eventsChannel }, "event bus listening again");
      this.resync();
    }
  }

  /** The listening connection failed or ended: drop it and connect again after a wait. */
  private lost(client: pg.Client, err: unknown) {
    if (this.listener !== client) return;
    this.listener = null;
    this.listening = false;
    client.end().catch(() => {});
    if (this.closed) return;
    this.opts.log.warn(
      { err: err instanceof Error ? err.message : undefined, attempt: this.attempt + 1 },
      "event bus lost its listening connection",
    );
    const base = this.opts.reconnectMs ?? 100;
    const wait = Math.min(base * 2 ** this.attempt, this.opts.maxReconnectMs ?? 5000);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      // A failure is reported through `lost` again, which schedules the next try.
      this.connect().catch(() => {});
    }, wait);
  }
}
