/**
 * The access log ('Tilgangslogg', issue 30): who (an admin or leader) did what with whose
 * data, and when. Ids and actions only; rows are kept two years. A row goes with the
 * person it is about; the one who acted may be gone and the row stays.
 */
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { accessActions } from "../../../common/domain/access-log.ts";
import { user } from "./auth.ts";
import { createdAt, inList } from "./columns.ts";

export const accessLog = pgTable(
  "access_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    action: text("action", { enum: accessActions }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // 'Min profil': one person's rows, newest first; the admin's list by person or actor.
    index("access_log_subject_idx").on(t.subjectId, t.createdAt),
    index("access_log_actor_idx").on(t.actorId, t.createdAt),
    // The whole log newest first, and the two-year purge.
    index("access_log_created_idx").on(t.createdAt),
    check("access_log_action_ck", inList("action", accessActions)),
  ],
);
