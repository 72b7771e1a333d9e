/**
 * The app's one realtime connection (one WebSocket per tab, `/api/realtime`): opened
 * when a topic gets its first subscriber, closed when the last one leaves. After a
 * drop it reconnects 2 s later, subscribes every topic again and, once the server has
 * confirmed a topic, tells its subscribers that they may have missed events
 * (`onResync`: refetch). A gap in a topic's `seq` means the same, and so does a
 * `resync` frame (the server may have missed events of other instances: every topic),
 * and the end of the session (close code 4401): the refetch then meets the 401 that
 * signs out. Each event is checked against the one list of events
 * (common/schemas/realtime.ts): subscribers get only events they can read.
 */
import {
  closeSessionEnded,
  type RealtimeClientFrame,
  type RealtimeEvent,
  readRealtimeEvent,
  realtimeServerFrame,
} from "../../common/schemas/realtime.ts";

export interface TopicHandlers {
  onEvent(event: RealtimeEvent): void;
  /** events of this topic may have been missed: refetch what it feeds */
  onResync?(): void;
  /** the server refused the topic; `message` is Norwegian, for the person */
  onError?(error: { code: string; message: string }): void;
}

export interface RealtimeClient {
  /** Returns the function that stops following the topic. */
  subscribe(topic: string, handlers: TopicHandlers): () => void;
  /**
   * A new connection at once, for a new person in this tab: the socket speaks for the
   * session it opened with. Every topic is asked for again and resynced.
   */
  restart(): void;
  /**
   * Whether the connection is down: it dropped (or never opened) and is not open again.
   * False while nothing is followed, or while a first connection is on its way.
   */
  isDown(): boolean;
  /** Tells `listener` whenever `isDown()` changes; returns the function that stops it. */
  onDownChange(listener: () => void): () => void;
}

/** What the client needs of a WebSocket: the browser's, or the `ws` package's in Node. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: "open", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  addEventListener(type: "close", listener: (event: { code: number }) => void): void;
  addEventListener(type: "error", listener: () => void): void;
}

export interface RealtimeClientOptions {
  url: string;
  WebSocket: new (url: string) => SocketLike;
  /** wait after a close before connecting again */
  reconnectMs?: number;
  /** a ping this often; a connection that stayed silent since the previous one is dead */
  heartbeatMs?: number;
}

/** WebSocket.OPEN, the same number in every implementation. */
const open = 1;

interface TopicState {
  /** one entry per subscribe call, so the same handlers given twice are two subscriptions */
  entries: Set<{ handlers: TopicHandlers }>;
  lastSeq: number | null;
  /** the connection dropped since this topic was asked for: resync once it is confirmed */
  missed: boolean;
  /** the server has confirmed this topic on some connection */
  confirmed: boolean;
}

export function createRealtimeClient(opts: RealtimeClientOptions): RealtimeClient {
  const reconnectMs = opts.reconnectMs ?? 2000;
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const topics = new Map<string, TopicState>();
  let socket: SocketLike | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let heardSincePing = true;
  let down = false;
  const downListeners = new Set<() => void>();
  function setDown(next: boolean) {
    if (down === next) return;
    down = next;
    for (const listener of [...downListeners]) listener();
  }

  function send(frame: RealtimeClientFrame) {
    if (socket?.readyState === open) socket.send(JSON.stringify(frame));
  }

  function connect() {
    reconnectTimer = null;
    const ws = new opts.WebSocket(opts.url);
    socket = ws;
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      setDown(false);
      for (const topic of topics.keys()) send({ type: "subscribe", topic });
      startHeartbeat(ws);
    });
    ws.addEventListener("message", (event) => {
      if (socket === ws) receive(event.data);
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws) return;
      dropped();
      // The session ended: a refetch now meets the 401 that signs the tab out.
      if (event.code === closeSessionEnded) for (const state of topics.values()) resync(state);
    });
    // Every error is followed by a close, handled above; without a listener Node's `ws` would throw.
    ws.addEventListener("error", () => {});
  }

  function dropped() {
    socket = null;
    stopHeartbeat();
    for (const state of topics.values()) {
      state.missed = true;
      // A restarted server numbers from 1 again.
      state.lastSeq = null;
    }
    if (topics.size > 0) reconnectTimer = setTimeout(connect, reconnectMs);
    setDown(topics.size > 0);
  }

  function startHeartbeat(ws: SocketLike) {
    heardSincePing = true;
    heartbeat = setInterval(() => {
      if (!heardSincePing) {
        // A dead connection may take minutes to report its close; do not wait for it.
        ws.close();
        dropped();
        return;
      }
      heardSincePing = false;
      send({ type: "ping" });
    }, heartbeatMs);
  }

  function stopHeartbeat() {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
  }

  function receive(data: unknown) {
    heardSincePing = true;
    if (typeof data !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = realtimeServerFrame.safeParse(json);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === "pong") return;
    if (frame.type === "resync") {
      for (const state of topics.values()) resync(state);
      return;
    }
    const state = frame.topic === undefined ? undefined : topics.get(frame.topic);
    if (!state) return;
    const handlers = [...state.entries].map((e) => e.handlers);
    switch (frame.type) {
      case "subscribed":
        // A first confirmation that says an event passed just before: what this topic's
        // screens read while the subscription was on its way may predate it.
        if (state.missed || (!state.confirmed && frame.recent)) resync(state);
        state.missed = false;
        state.confirmed = true;
        return;
      case "event": {
        const gap = state.lastSeq !== null && frame.event.seq > state.lastSeq + 1;
        state.lastSeq = frame.event.seq;
        const read = readRealtimeEvent(frame.event);
        if ("event" in read) for (const h of handlers) h.onEvent(read.event);
        // The type only: a payload may name people.
        else console.warn(`Realtime event ignored (${read.problem}): ${frame.event.type}`);
        // A malformed event announced a change that cannot be applied: read the data again.
        if (gap || ("problem" in read && read.problem === "malformed")) resync(state);
        return;
      }
      case "error":
        for (const h of handlers) h.onError?.({ code: frame.code, message: frame.message });
        return;
    }
  }

  function resync(state: TopicState) {
    for (const entry of [...state.entries]) entry.handlers.onResync?.();
  }

  function shutdown() {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    stopHeartbeat();
    const ws = socket;
    socket = null;
    ws?.close(1000);
    setDown(false);
  }

  return {
    subscribe(topic, handlers) {
      let state = topics.get(topic);
      if (!state) {
        state = { entries: new Set(), lastSeq: null, missed: false, confirmed: false };
        topics.set(topic, state);
        send({ type: "subscribe", topic });
      }
      const entry = { handlers };
      state.entries.add(entry);
      if (!socket && !reconnectTimer) connect();

      const current = state;
      return () => {
        if (!current.entries.delete(entry) || current.entries.size > 0) return;
        topics.delete(topic);
        send({ type: "unsubscribe", topic });
        if (topics.size === 0) shutdown();
      };
    },
    restart() {
      const ws = socket;
      if (!ws && !reconnectTimer) return;
      shutdown();
      for (const state of topics.values()) state.missed = true;
      if (topics.size > 0) connect();
    },
    isDown: () => down,
    onDownChange(listener) {
      downListeners.add(listener);
      return () => downListeners.delete(listener);
    },
  };
}

/** The realtime URL of the page's own host: `wss:` on an `https:` page. */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/realtime`;
}

let appClient: RealtimeClient | null = null;

/** The connection the whole app shares, made on first use. */
export function appRealtime(): RealtimeClient {
  appClient ??= createRealtimeClient({ url: realtimeUrl(window.location), WebSocket: window.WebSocket });
  return appClient;
}
