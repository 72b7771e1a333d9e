/**
 * A TCP proxy between an app and its PostgreSQL server that can play the server's
 * faults without touching the server (other tests share it):
 *  - `stop()`: as a stopped server, open connections are cut and new ones refused;
 *  - `freeze()`: as a frozen one (SIGSTOP, a silent network), connections stay open
 *    and accepted but no byte passes in either direction;
 *  - `resume()`: back to forwarding; new connections reach the server again.
 */
import net from "node:net";

type Mode = "forwarding" | "stopped" | "frozen";

export interface FaultProxy {
  /** the proxy's port on 127.0.0.1 */
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's */
  urlFor(databaseUrl: string): string;
  stop(): void;
  freeze(): void;
  resume(): void;
  close(): Promise<void>;
}

type Pair = { client: net.Socket; server: net.Socket };

function forward({ client, server }: Pair) {
  client.pipe(server);
  server.pipe(client);
}

/** Paused sockets keep what arrives in their buffers (and then in the kernel's): nothing passes. */
function hold({ client, server }: Pair) {
  client.unpipe(server);
  server.unpipe(client);
  client.pause();
  server.pause();
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: Mode = "forwarding";
  const pairs = new Set<Pair>();

  const server = net.createServer((client) => {
    if (mode === "stopped") {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, server: upstream };
    pairs.add(pair);
    if (mode === "frozen") hold(pair);
    else forward(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    stop() {
      mode = "stopped";
      for (const { client, server: upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    freeze() {
      mode = "frozen";
      for (const pair of pairs) hold(pair);
    },
    resume() {
      const wasFrozen = mode === "frozen";
      mode = "forwarding";
      if (wasFrozen) for (const pair of pairs) forward(pair);
    },
    async close() {
      for (const { client, server: upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
