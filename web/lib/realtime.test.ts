import { render } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { closeSessionEnded, realtimeClientFrame } from "../../common/schemas/realtime.ts";
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeClientOptions,
  realtimeUrl,
} from "./realtime.ts";
import { useRealtimeTopic } from "./use-realtime.ts";

/** A real WebSocket server speaking the server's side of the protocol. */
class ProtocolServer {
  /** every client frame, in order of arrival, with the number of its connection */
  readonly received: { connection: number; frame: unknown }[] = [];
  readonly sockets: WebSocket[] = [];
  answerPings = true;
  acceptUpgrades = true;
  /** topics whose confirmation says an event passed just before (`recent`) */
  readonly recentTopics = new Set<string>();
  private readonly subscribed = new Map<WebSocket, Set<string>>();

  readonly wss = new WebSocketServer({
    port: 0,
    host: "127.0.0.1",
    verifyClient: (_info, done) => done(this.acceptUpgrades, 401),
  });

  private constructor() {
    this.wss.on("connection", (ws) => {
      const connection = this.sockets.push(ws);
      this.subscribed.set(ws, new Set());
      ws.on("message", (data) => {
        const frame = realtimeClientFrame.parse(JSON.parse(data.toString()));
        this.received.push({ connection, frame });
        if (frame.type === "ping" && this.answerPings) ws.send(JSON.stringify({ type: "pong" }));
        if (frame.type === "subscribe") {
          this.subscribed.get(ws)!.add(frame.topic);
          const recent = this.recentTopics.has(frame.topic) ? { recent: true } : {};
          ws.send(JSON.stringify({ type: "subscribed", topic: frame.topic, ...recent }));
        }
        if (frame.type === "unsubscribe") this.subscribed.get(ws)!.delete(frame.topic);
      });
    });
  }

  static async start() {
    const server = new ProtocolServer();
    await new Promise((resolve) => server.wss.once("listening", resolve));
    return server;
  }

  get url() {
    const address = this.wss.address();
    if (!address || typeof address === "string") throw new Error("not listening on TCP");
    return `ws://127.0.0.1:${address.port}/api/realtime`;
  }

  get open() {
    return this.sockets.filter((s) => s.readyState === WebSocket.OPEN);
  }

  /** Sends to every open connection that subscribed to the topic: by default, a new notification. */
  publish(
    topic: string,
    seq: number,
    event: { type: string; payload: unknown } = {
      type: "notification.created",
      payload: { notificationId: `n${seq}`, added: 1 },
    },
  ) {
    const frame = { type: "event", topic, event: { ...event, seq, at: new Date().toISOString() } };
    for (const ws of this.open) if (this.subscribed.get(ws)!.has(topic)) ws.send(JSON.stringify(frame));
  }

  subscribesOf(connection: number) {
    return this.received
      .filter((r) => r.connection === connection && (r.frame as { type: string }).type === "subscribe")
      .map((r) => (r.frame as { topic: string }).topic);
  }

  close() {
    for (const ws of this.sockets) ws.terminate();
    return new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

const a = "user:00000000-0000-4000-8000-00000000000a";
const b = "dept:00000000-0000-4000-8000-00000000000b";

describe("realtime client", () => {
  let server: ProtocolServer;
  afterEach(() => server?.close());

  async function setup(opts: Partial<RealtimeClientOptions> = {}) {
    server = await ProtocolServer.start();
    return createRealtimeClient({ url: server.url, WebSocket, reconnectMs: 50, ...opts });
  }

  const waitFor = (check: () => void, timeout = 3000) => vi.waitFor(check, { timeout, interval: 10 });

  it("opens one connection for its first subscriber and closes it after the last", async () => {
    const client = await setup();
    const stopA = client.subscribe(a, { onEvent: () => {} });
    const stopB = client.subscribe(b, { onEvent: () => {} });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a, b]));
    expect(server.sockets).toHaveLength(1);
    stopA();
    stopB();
    await waitFor(() => expect(server.open).toHaveLength(0));
    expect(server.received.map((r) => r.frame)).toContainEqual({ type: "unsubscribe", topic: a });
    // Nobody is listening, so nothing reconnects.
    await new Promise((r) => setTimeout(r, 150));
    expect(server.sockets).toHaveLength(1);
  });

  it("delivers a topic's events to its subscribers and ignores frames it cannot read", async () => {
    const client = await setup();
    const onEvent = vi.fn();
    const other = vi.fn();
    client.subscribe(a, { onEvent });
    client.subscribe(b, { onEvent: other });
    await waitFor(() => expect(server.subscribesOf(1)).toHaveLength(2));
    for (const junk of ["garbage", '{"type":"event"}', JSON.stringify({ type: "event", topic: a })]) {
      server.open[0]!.send(junk);
    }
    server.publish(a, 1);
    await waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1));
    expect(onEvent).toHaveBeenCalledWith({
      type: "notification.created",
      payload: { notificationId: "n1", added: 1 },
      seq: 1,
      at: expect.any(String),
    });
    expect(other).not.toHaveBeenCalled();
  });

  /** One subscriber of topic `a`, confirmed, with the console's warnings caught. */
  async function followWithWarnings() {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const client = await setup();
    const onEvent = vi.fn();
    const onResync = vi.fn();
    client.subscribe(a, { onEvent, onResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    return { warn, onEvent, onResync };
  }

  it("ignores an event it does not know with a warning that names only its type, and goes on", async () => {
    const { warn, onEvent, onResync } = await followWithWarnings();
    server.publish(a, 1, { type: "roster.changed", payload: { note: "Kari Nordmann" } });
    server.publish(a, 2);
    await waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1));
    expect(onEvent.mock.calls[0]![0]).toMatchObject({ type: "notification.created", seq: 2 });
    // Counted in the topic's seq, so the next event is no gap; a newer server's event is no loss.
    expect(onResync).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("Realtime event ignored (unknown): roster.changed");
    expect(JSON.stringify(warn.mock.calls)).not.toContain("Kari");
  });

  it("hands on no event whose payload does not fit its type, warns, and asks for the topic again", async () => {
    const { warn, onEvent, onResync } = await followWithWarnings();
    server.publish(a, 1, { type: "notification.created", payload: { notificationId: "n1", added: "én" } });
    server.publish(a, 2, { type: "chat.unread", payload: null });
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(2));
    expect(onEvent).not.toHaveBeenCalled();
    expect(warn.mock.calls).toEqual([
      ["Realtime event ignored (malformed): notification.created"],
      ["Realtime event ignored (malformed): chat.unread"],
    ]);
    server.publish(a, 3);
    await waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1));
  });

  it("asks for a topic again when its first confirmation says an event passed just before", async () => {
    const client = await setup();
    server.recentTopics.add(a);
    const onResync = vi.fn();
    const quiet = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onResync });
    client.subscribe(b, { onEvent: () => {}, onResync: quiet });
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
    expect(quiet).not.toHaveBeenCalled();
    // Confirmed once: a later subscriber of the same topic reads after the subscription.
    client.subscribe(a, { onEvent: () => {}, onResync });
    server.publish(a, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it("treats the same handlers subscribed twice as two subscriptions", async () => {
    const client = await setup();
    const handlers = { onEvent: vi.fn() };
    const first = client.subscribe(a, handlers);
    client.subscribe(a, handlers);
    first();
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    server.publish(a, 1);
    await waitFor(() => expect(handlers.onEvent).toHaveBeenCalledTimes(1));
    expect(server.received.map((r) => r.frame)).not.toContainEqual({ type: "unsubscribe", topic: a });
  });

  it("reconnects 2 s after the server drops it, subscribes again and asks for a resync", async () => {
    const client = await setup({ reconnectMs: undefined });
    const onEvent = vi.fn();
    const onResync = vi.fn();
    const otherResync = vi.fn();
    client.subscribe(a, { onEvent, onResync });
    client.subscribe(b, { onEvent: () => {}, onResync: otherResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a, b]));
    expect(onResync).not.toHaveBeenCalled();

    const droppedAt = Date.now();
    server.sockets[0]!.terminate();
    await waitFor(() => expect(server.subscribesOf(2)).toEqual([a, b]), 5000);
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(1900);
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
    expect(otherResync).toHaveBeenCalledTimes(1);

    // Numbering may start again on the new connection without a resync.
    server.publish(a, 1);
    await waitFor(() => expect(onEvent).toHaveBeenCalledTimes(1));
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it("restarts at once on a new connection for a new person, asking again for every topic", async () => {
    const client = await setup({ reconnectMs: 60_000 });
    const onResync = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    client.restart();
    await waitFor(() => expect(server.subscribesOf(2)).toEqual([a]));
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(server.open).toHaveLength(1));
  });

  it("keeps trying while the server refuses it, then resyncs", async () => {
    const client = await setup();
    const onResync = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    server.acceptUpgrades = false;
    server.sockets[0]!.terminate();
    await new Promise((r) => setTimeout(r, 200));
    expect(server.sockets).toHaveLength(1);
    server.acceptUpgrades = true;
    await waitFor(() => expect(server.subscribesOf(2)).toEqual([a]));
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
  });

  it("says it is down from a drop until a connection opens again, and not once nothing is followed", async () => {
    const client = await setup();
    const changes = vi.fn();
    client.onDownChange(changes);
    const stop = client.subscribe(a, { onEvent: () => {} });
    expect(client.isDown()).toBe(false);
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    expect(changes).not.toHaveBeenCalled();

    server.acceptUpgrades = false;
    server.sockets[0]!.terminate();
    await waitFor(() => expect(client.isDown()).toBe(true));
    // Refused attempts keep it down without telling again.
    await new Promise((r) => setTimeout(r, 200));
    expect(client.isDown()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);

    server.acceptUpgrades = true;
    await waitFor(() => expect(client.isDown()).toBe(false));
    expect(changes).toHaveBeenCalledTimes(2);

    server.sockets.at(-1)!.terminate();
    await waitFor(() => expect(client.isDown()).toBe(true));
    stop();
    expect(client.isDown()).toBe(false);
  });

  it("asks for a resync at once when the server ends the session", async () => {
    const client = await setup({ reconnectMs: 60_000 });
    const onResync = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    server.open[0]!.close(closeSessionEnded, "session_ended");
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
  });

  it("asks for a resync when a topic's seq skips a number", async () => {
    const client = await setup();
    const onEvent = vi.fn();
    const onResync = vi.fn();
    client.subscribe(a, { onEvent, onResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    server.publish(a, 7);
    server.publish(a, 8);
    await waitFor(() => expect(onEvent).toHaveBeenCalledTimes(2));
    expect(onResync).not.toHaveBeenCalled();
    server.publish(a, 10);
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
    expect(onEvent).toHaveBeenCalledTimes(3);
  });

  it("asks every topic for a resync when the server says it may have missed events", async () => {
    const client = await setup({ reconnectMs: 60_000 });
    const onResync = vi.fn();
    const otherResync = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onResync });
    client.subscribe(b, { onEvent: () => {}, onResync: otherResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a, b]));
    server.open[0]!.send(JSON.stringify({ type: "resync" }));
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
    expect(otherResync).toHaveBeenCalledTimes(1);
    // The connection stays: nothing is asked for again.
    expect(server.sockets).toHaveLength(1);
  });

  it("gives a refused topic's error to its subscribers", async () => {
    const client = await setup();
    const onError = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onError });
    await waitFor(() => expect(server.open).toHaveLength(1));
    server.open[0]!.send(JSON.stringify({ type: "error", topic: a, code: "forbidden", message: "Nei." }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith({ code: "forbidden", message: "Nei." }));
  });

  it("drops a connection that stops answering pings and connects again", async () => {
    const client = await setup({ heartbeatMs: 50 });
    const onResync = vi.fn();
    client.subscribe(a, { onEvent: () => {}, onResync });
    await waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    await waitFor(() =>
      expect(server.received.some((r) => (r.frame as { type: string }).type === "ping")).toBe(true),
    );
    server.answerPings = false;
    await waitFor(() => expect(server.subscribesOf(2)).toEqual([a]));
    await waitFor(() => expect(onResync).toHaveBeenCalledTimes(1));
  });

  it("builds the URL from the page's location", () => {
    expect(realtimeUrl({ protocol: "https:", host: "vakt.sykehus.no" })).toBe(
      "wss://vakt.sykehus.no/api/realtime",
    );
    expect(realtimeUrl({ protocol: "http:", host: "localhost:3000" })).toBe(
      "ws://localhost:3000/api/realtime",
    );
  });
});

function Follower({ client, onEvent }: { client: RealtimeClient; onEvent: () => void }) {
  useRealtimeTopic(a, { onEvent }, client);
  return null;
}

describe("useRealtimeTopic", () => {
  let server: ProtocolServer;
  afterEach(() => server?.close());

  it("follows a topic while mounted and takes new handlers without subscribing again", async () => {
    server = await ProtocolServer.start();
    const client = createRealtimeClient({ url: server.url, WebSocket });
    const first = vi.fn();
    const second = vi.fn();
    const view = render(createElement(Follower, { client, onEvent: first }));
    await vi.waitFor(() => expect(server.subscribesOf(1)).toEqual([a]));
    view.rerender(createElement(Follower, { client, onEvent: second }));
    server.publish(a, 1);
    await vi.waitFor(() => expect(second).toHaveBeenCalledTimes(1));
    expect(first).not.toHaveBeenCalled();
    expect(server.subscribesOf(1)).toEqual([a]);
    view.unmount();
    await vi.waitFor(() => expect(server.open).toHaveLength(0));
  });
});
