/**
 * Everyone's realtime socket, as the web app holds one per tab: subscribed to the person's
 * own topic, their department's and the thread on screen. Arrivals of `message.created`
 * are stamped (before parsing, so the generator's own work is not counted) with the
 * instance the socket is on, for send→deliver per message; every other frame is counted.
 */
import WebSocket from "ws";
import { topics } from "../../common/schemas/realtime.ts";
import type { RunningServer } from "../lib/infra.ts";
import type { Person } from "./seed.ts";

export interface Arrival {
  at: number;
  instance: number;
}

export class Fleet {
  /** message id → its arrivals on the sockets following its thread */
  readonly arrivals = new Map<string, Arrival[]>();
  /** thread id → how many sockets follow it */
  readonly followers = new Map<string, number>();
  readonly errors = new Map<string, number>();
  readonly sockets: WebSocket[] = [];
  /** person index → their socket */
  private readonly byPerson = new Map<number, WebSocket>();
  /** frames other than message.created (unread counts, presence, shifts, swaps, pongs), by type */
  otherFrames = new Map<string, number>();
  private closing = false;

  /** `path`: where the servers take sockets (the app's `/api/realtime`, a baseline's own) */
  constructor(
    private readonly servers: RunningServer[],
    private readonly path = "/api/realtime",
  ) {}

  private count(why: string) {
    this.errors.set(why, (this.errors.get(why) ?? 0) + 1);
  }

  /** Opens `person`'s socket on `instance` and subscribes as the app does; resolves when all three are confirmed. */
  connect(person: Person, instance: number, deptId: string, threadId: string): Promise<WebSocket> {
    const server = this.servers[instance]!;
    const wanted = [topics.user(person.id), topics.dept(deptId), topics.thread(threadId)];
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${server.base.replace("http", "ws")}${this.path}`, {
        headers: { cookie: person.cookie, origin: server.base },
        perMessageDeflate: false,
      });
      let confirmed = 0;
      ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
      ws.once("error", reject);
      ws.once("open", () => {
        for (const topic of wanted) ws.send(JSON.stringify({ type: "subscribe", topic }));
      });
      ws.once("close", (code, reason) => {
        if (this.closing) return;
        this.count(`socket closed (${code})`);
        if (confirmed < wanted.length)
          reject(new Error(`socket closed (${code} ${reason}) before subscribing`));
      });
      ws.on("message", (data) => {
        const at = performance.now();
        const text = String(data);
        // Only message.created is parsed whole; the rest is counted, as cheaply as can be.
        if (!text.includes('"message.created"')) {
          if (text.includes('"type":"error"')) {
            const why = `realtime error ${JSON.parse(text).code}`;
            this.count(why);
            if (confirmed < wanted.length) reject(new Error(why));
          } else if (text.includes('"type":"subscribed"') && ++confirmed === wanted.length) {
            this.sockets.push(ws);
            this.byPerson.set(person.index, ws);
            this.followers.set(threadId, (this.followers.get(threadId) ?? 0) + 1);
            resolve(ws);
          } else {
            // An event's own type (the frame's first is "event"), else the frame's.
            const type = /"type":"(?!event")([^"]+)"/.exec(text)?.[1] ?? "?";
            this.otherFrames.set(type, (this.otherFrames.get(type) ?? 0) + 1);
          }
          return;
        }
        const frame = JSON.parse(text) as { event: { payload: { messageId: string } } };
        const id = frame.event.payload.messageId;
        const list = this.arrivals.get(id);
        const arrival = { at, instance };
        if (list) list.push(arrival);
        else this.arrivals.set(id, [arrival]);
      });
    });
  }

  /** The app's keep-alive frame, answered with a pong (counted with the other frames). */
  ping(person: number) {
    this.byPerson.get(person)?.send('{"type":"ping"}');
  }

  close() {
    this.closing = true;
    for (const ws of this.sockets) ws.terminate();
  }
}
