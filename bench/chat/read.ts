/**
 * The read test: `concurrency` signed-in members each ask for the newest page of the
 * history thread (`GET /api/chat/threads/:id/messages`: 50 messages with authors,
 * replies and reactions, what opening a thread loads) in a closed loop (lib/closed-loop.ts)
 * through the lean client (lib/lean-http.ts). A request counts as done when its whole
 * body is read; answers checked for content must hold 50 messages.
 */
import { type ClosedLoopResult, runClosedLoop } from "../lib/closed-loop.ts";
import { leanGet } from "../lib/lean-http.ts";

export type ReadResult = ClosedLoopResult;

export async function runRead(
  base: string,
  origin: string,
  threadId: string,
  readers: { cookie: string }[],
  opts: { concurrency: number; warmupSeconds: number; seconds: number; serverPid?: number },
): Promise<ReadResult> {
  const client = leanGet(`${base}/api/chat/threads/${threadId}/messages`, {
    check: (body) => {
      const length = (body as { messages?: unknown[] }).messages?.length;
      return length === 50 ? null : `page of ${length}`;
    },
  });
  try {
    return await runClosedLoop(opts, (i) =>
      client.request(i, { cookie: readers[i % readers.length]!.cookie, origin }),
    );
  } finally {
    client.close();
  }
}
