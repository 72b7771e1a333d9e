import type { Page } from "@playwright/test";

/**
 * Resolves once the server has confirmed the page's subscription to a topic of this kind
 * (`user:` the person's own, `dept:` their department's, `thread:` a chat thread's): from
 * then on nothing published there can slip past the tab. Call it before the page opens
 * its socket (before `goto`).
 */
export function following(page: Page, kind: "user" | "dept" | "thread"): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        const frame = JSON.parse(payload.toString()) as { type?: string; topic?: string };
        if (frame.type === "subscribed" && frame.topic?.startsWith(`${kind}:`)) resolve();
      }),
    );
  });
}
