/**
 * When each person was last seen by a heartbeat (every 30 s from an open, visible tab).
 * In the database rather than in a process's memory, so every app instance sees the
 * same presence; the status (online, away, offline) is computed from it by the rule in
 * common/domain/presence.ts.
 */
import { pgTable, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { ts } from "./columns.ts";

export const presence = pgTable("presence", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastSeenAt: ts("last_seen_at").notNull(),
});
