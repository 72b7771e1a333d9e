/**
 * Signed-in people held in memory for a few seconds (platform/read-cache.ts), so that a
 * request asks PostgreSQL nothing to know who sent it. What ends or changes a session in
 * this app says so on the bus after its commit, and the session goes at once on every
 * instance: `session.ended` on `session:{id}` (sign-out, deactivation, deletion, a
 * password reset, the idle timeout) and `session.changed` on `user:{id}` (roles,
 * departments, activation, a password reset). The deactivation trigger and the realtime
 * revalidation stay as they were.
 */
import { topics } from "../../common/schemas/realtime.ts";
import type { Actor } from "../policies/index.ts";
import type { MembershipRow } from "./actor.ts";
import type { EventBus } from "./events.ts";
import { ReadCache } from "./read-cache.ts";

export interface CachedSession {
  sessionId: string;
  userId: string;
  createdAt: Date;
  lastActiveAt: Date;
  expiresAt: Date;
  actor: Actor & { memberships: MembershipRow[] };
}

export class SessionCache extends ReadCache<CachedSession> {
  constructor(bus: EventBus, opts: { ttlMs: number; now?: () => number; maxEntries?: number }) {
    super(bus, {
      ...opts,
      staleOn: (s) => [
        { topic: `session:${s.sessionId}`, type: "session.ended" },
        { topic: topics.user(s.userId), type: "session.changed" },
      ],
      // Never past its end, whatever the cache's time.
      usable: (s) => s.expiresAt.getTime() > Date.now(),
    });
  }

  forgetSession(sessionId: string) {
    this.forgetWhere((s) => s.sessionId === sessionId);
  }

  forgetUser(userId: string) {
    this.forgetWhere((s) => s.userId === userId);
  }
}
