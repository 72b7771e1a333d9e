/**
 * The read test: `concurrency` signed-in members each ask for the newest page of the
 * history thread (`GET /api/chat/threads/:id/messages`: 50 messages with authors,
 * replies and reactions, what opening a thread loads) in a closed loop (lib/closed-loop.ts).
 * A request counts as done when its whole body is read and holds 50 messages.
 */
import { type ClosedLoopResult, runClosedLoop } from "../lib/closed-loop.ts";

export type ReadResult = ClosedLoopResult;

export function runRead(
  base: string,
  origin: string,
  threadId: string,
  readers: { cookie: string }[],
  opts: { concurrency: number; warmupSeconds: number; seconds: number },
): Promise<ReadResult> {
  const url = `${base}/api/chat/threads/${threadId}/messages`;
  return runClosedLoop(opts, async (i) => {
    const res = await fetch(url, { headers: { cookie: readers[i % readers.length]!.cookie, origin } });
    const body = (await res.json()) as { messages?: unknown[] };
    if (res.status !== 200) return `HTTP ${res.status}`;
    return body.messages?.length === 50 ? null : `page of ${body.messages?.length}`;
  });
}
