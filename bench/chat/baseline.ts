/**
 * The baseline of the chat benchmark: the least a server must do for the same traffic.
 * `POST /threads/:id/messages` with `{ authorId, content }` inserts the row into the same
 * `chat_messages` table (same indexes, same foreign keys) with one `pg` statement, then
 * sends the same `message.created` frame the app sends to every socket that subscribed
 * to `thread:{id}`, then answers 201 `{ id }`. Sockets at `/realtime` subscribe with the
 * app's `{ type: "subscribe", topic }` frame. No sign-in, no policies, no transaction,
 * no unread counts: the difference to the app is what the app's logic costs.
 * With BASELINE_STORE=none it stores nothing (a new id, no database): the broadcast alone.
 * Run as a child process by the benchmark (env PORT, DATABASE_URL, BASELINE_STORE).
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";
import { type WebSocket, WebSocketServer } from "ws";

// The app's pool size (server/db/client.ts), so neither side has more connections.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const followers = new Map<string, Set<WebSocket>>();
const seqs = new Map<string, number>();
const stores = process.env.BASELINE_STORE !== "none";

function publish(topic: string, payload: Record<string, unknown>) {
  const seq = (seqs.get(topic) ?? 0) + 1;
  seqs.set(topic, seq);
  const frame = JSON.stringify({
    type: "event",
    topic,
    event: { type: "message.created", payload, seq, at: new Date().toISOString() },
  });
  for (const socket of followers.get(topic) ?? []) socket.send(frame);
}

async function insert(threadId: string, authorId: string, content: string) {
  const { rows } = await pool.query<{ id: string }>(
    "insert into chat_messages (thread_id, author_id, content) values ($1, $2, $3) returning id",
    [threadId, authorId, content],
  );
  return rows[0]!.id;
}

async function readJson(req: http.IncomingMessage): Promise<{ authorId: string; content: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString());
}

const server = http.createServer(async (req, res) => {
  if (req.method === "GET" && req.url === "/health") return res.end("ok");
  const threadId = /^\/threads\/([0-9a-f-]{36})\/messages$/.exec(req.url ?? "")?.[1];
  if (req.method !== "POST" || !threadId) return res.writeHead(404).end();
  try {
    const { authorId, content } = await readJson(req);
    const id = stores ? await insert(threadId, authorId, content) : randomUUID();
    publish(`thread:${threadId}`, { threadId, messageId: id });
    const answer = JSON.stringify({ id });
    res
      .writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) })
      .end(answer);
  } catch (err) {
    res.writeHead(500).end(String(err));
  }
});

const wss = new WebSocketServer({ server, path: "/realtime", maxPayload: 4096 });
wss.on("connection", (socket) => {
  const mine = new Set<string>();
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as { type: string; topic?: string };
    if (frame.type !== "subscribe" || !frame.topic) return;
    const set = followers.get(frame.topic) ?? new Set();
    followers.set(frame.topic, set);
    set.add(socket);
    mine.add(frame.topic);
    socket.send(JSON.stringify({ type: "subscribed", topic: frame.topic }));
  });
  socket.on("close", () => {
    for (const topic of mine) followers.get(topic)?.delete(socket);
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => {
  for (const socket of wss.clients) socket.terminate();
  server.close(() => void pool.end().then(() => process.exit(0)));
});
