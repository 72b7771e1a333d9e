/**
 * The browser's WebSocket in component tests: nothing leaves the process. A socket opens
 * at once and confirms every subscription as the server does; a test plays the server
 * with `publish` (an event on a topic) and `endSessions` (close code 4401).
 */
import {
  closeSessionEnded,
  type PublishArgs,
  type RealtimeServerFrame,
} from "../../common/schemas/realtime.ts";
import type { SocketLike } from "../lib/realtime.ts";

type Listener = (event: { data: unknown } & { code: number }) => void;

const open = 1;
const closed = 3;

export class FakeSocket implements SocketLike {
  /** every socket that is open now */
  static readonly live = new Set<FakeSocket>();
  readyState = 0;
  private readonly topics = new Map<string, number>();
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    setTimeout(() => {
      if (this.readyState === closed) return;
      this.readyState = open;
      FakeSocket.live.add(this);
      this.emit("open");
    });
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string) {
    const frame = JSON.parse(data) as { type: string; topic?: string };
    if (frame.type === "subscribe" && frame.topic) {
      this.topics.set(frame.topic, 0);
      this.reply({ type: "subscribed", topic: frame.topic });
    }
    if (frame.type === "unsubscribe" && frame.topic) this.topics.delete(frame.topic);
    if (frame.type === "ping") this.reply({ type: "pong" });
  }

  close(code = 1000) {
    if (this.readyState === closed) return;
    this.readyState = closed;
    FakeSocket.live.delete(this);
    this.emit("close", { code });
  }

  follows(topic: string) {
    return this.topics.has(topic);
  }

  /** The server's side: an event on a topic this socket follows, numbered per topic. */
  deliver(topic: string, type: string, payload: unknown = {}) {
    const seq = this.topics.get(topic);
    if (seq === undefined) return;
    this.topics.set(topic, seq + 1);
    this.reply({
      type: "event",
      topic,
      event: { type, payload, seq: seq + 1, at: new Date().toISOString() },
    });
  }

  private reply(frame: RealtimeServerFrame) {
    setTimeout(() => {
      if (this.readyState === open) this.emit("message", { data: JSON.stringify(frame) });
    });
  }

  private emit(type: string, fields: { data?: unknown; code?: number } = {}) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data: fields.data, code: fields.code ?? 0 });
  }
}

/** Whether a tab follows the topic now (it asked, and its socket is open). */
export const isFollowed = (topic: string) => [...FakeSocket.live].some((socket) => socket.follows(topic));

/** The server publishes an event on a topic to every tab that follows it. */
export function publish(topic: string, ...[type, payload]: PublishArgs) {
  for (const socket of FakeSocket.live) socket.deliver(topic, type, payload);
}

/** The server ends the sessions of every open socket. */
export function endSessions() {
  for (const socket of [...FakeSocket.live]) socket.close(closeSessionEnded);
}
