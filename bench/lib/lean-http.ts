/**
 * Requests as a lean load generator makes them: GETs for the closed-loop read tests, one
 * connection for the assignment test's POSTs, and a pool for the chat test's posts.
 * The generator shares the machine's two cores with the server and the database, so its
 * own cost per request lowers what the server can show: `fetch` (a fresh body stream,
 * gunzip and JSON parse every time) used a whole core at ~1,200 requests/s, and Node's
 * http client, with its agent, streams and events, three-quarters of one at ~4,300.
 * Here each worker keeps one socket and writes the same request bytes on it again (HTTP/1.1
 * keep-alive, asking for gzip as a browser does), reading each whole answer by its
 * Content-Length. The status is checked on every answer, the content (gunzip, JSON,
 * `check`) on every `checkEvery`-th of each worker and on its first, so a server that
 * answers wrongly is still caught within a few requests. The app and the baselines send
 * Content-Length on these answers; one without it is reported, not guessed at.
 */
import net from "node:net";
import { gunzipSync } from "node:zlib";

export interface LeanGet {
  /**
   * One request for `worker`: null for a good answer, else what was wrong. A worker asks
   * with the same headers every time (its reader's cookie): they are written once.
   */
  request(worker: number, headers: Record<string, string>): Promise<string | null>;
  close(): void;
}

export interface Answer {
  status: number;
  gzip: boolean;
  body: Buffer;
}

const headerEnd = Buffer.from("\r\n\r\n");

/** One kept-alive connection: one request in flight at a time, as a closed-loop worker asks. */
export class LeanConnection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(target: URL) {
    this.socket = net.connect(Number(target.port), target.hostname);
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answerIfWhole();
    });
    const fail = (err: Error) => {
      this.failure = err;
      this.waiting?.reject(err);
      this.waiting = null;
    };
    this.socket.on("error", fail);
    this.socket.on("close", () => fail(new Error("connection closed")));
  }

  get usable() {
    return this.failure === null;
  }

  /** Writes `request` (whole: head and body) and resolves with its answer. */
  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  private answerIfWhole() {
    const end = this.received.indexOf(headerEnd);
    if (end < 0 || !this.waiting) return;
    const head = this.received.toString("latin1", 0, end);
    const status = Number(head.slice(9, 12));
    // 204 and 304 have no body, and so no length.
    const length = status === 204 || status === 304 ? ["", "0"] : /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.waiting.reject(new Error("answer without Content-Length"));
      this.waiting = null;
      this.socket.destroy();
      return;
    }
    const total = end + headerEnd.length + Number(length[1]);
    if (this.received.length < total) return;
    const body = this.received.subarray(end + headerEnd.length, total);
    this.received = this.received.subarray(total);
    const waiting = this.waiting;
    this.waiting = null;
    waiting.resolve({
      status,
      gzip: /\r\ncontent-encoding: *gzip/i.test(head),
      body,
    });
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * Kept-alive connections for requests issued open-loop (the chat test's posts, at a
 * fixed rate whatever the answers): each goes on a free connection, or on a new one
 * when all are waiting for an answer, so the pool grows to the most in flight at once.
 */
export class LeanPool {
  private readonly free: LeanConnection[] = [];
  private readonly all: LeanConnection[] = [];

  constructor(private readonly target: URL) {}

  async send(request: Buffer): Promise<Answer> {
    let connection = this.free.pop();
    while (connection && !connection.usable) connection = this.free.pop();
    if (!connection) {
      connection = new LeanConnection(this.target);
      this.all.push(connection);
    }
    const answer = await connection.send(request);
    this.free.push(connection);
    return answer;
  }

  close() {
    for (const connection of this.all) connection.close();
  }
}

/**
 * A request as bytes: `method` and `path` on `target`'s host, with `headers` and `body`
 * (a POST's: JSON text, or the bytes of a multipart form).
 */
export function requestBytes(
  method: string,
  target: URL,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
) {
  const bytes = typeof body === "string" ? Buffer.from(body) : (body ?? Buffer.alloc(0));
  const length: Record<string, string> = method === "GET" ? {} : { "content-length": `${bytes.length}` };
  const head =
    `${method} ${path} HTTP/1.1\r\nhost: ${target.host}\r\n` +
    Object.entries({ ...headers, ...length, "accept-encoding": "gzip, deflate, br" })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    "\r\n";
  return Buffer.concat([Buffer.from(head), bytes]);
}

/** The JSON of an answer. */
export function answerJson(answer: Answer): unknown {
  return JSON.parse((answer.gzip ? gunzipSync(answer.body) : answer.body).toString("utf8"));
}

export function leanGet(
  url: string,
  opts: { checkEvery?: number; check: (body: unknown) => string | null },
): LeanGet {
  const target = new URL(url);
  const checkEvery = opts.checkEvery ?? 10;
  const workers = new Map<number, { connection: LeanConnection; request: Buffer; sent: number }>();
  async function request(worker: number, headers: Record<string, string>) {
    let w = workers.get(worker);
    if (!w?.connection.usable) {
      w = {
        connection: new LeanConnection(target),
        request: w?.request ?? requestBytes("GET", target, `${target.pathname}${target.search}`, headers),
        sent: w?.sent ?? 0,
      };
      workers.set(worker, w);
    }
    const n = w.sent++;
    const answer = await w.connection.send(w.request);
    if (answer.status !== 200) return `HTTP ${answer.status}`;
    if (n % checkEvery !== 0) return null;
    return opts.check(answerJson(answer));
  }
  return {
    request,
    close: () => {
      for (const w of workers.values()) w.connection.close();
    },
  };
}
