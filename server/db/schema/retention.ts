/**
 * Retention rules ('Oppbevaring', issue 30): per department and scope, how many days
 * messages (or attachments) are kept. A missing row is 'Behold alt'.
 */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { retentionScopes } from "../../../common/domain/retention.ts";
import { user } from "./auth.ts";
import { inList, updatedAt } from "./columns.ts";
import { departments } from "./people.ts";

export const retentionRules = pgTable(
  "retention_rules",
  {
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: retentionScopes }).notNull(),
    days: integer("days").notNull(),
    updatedBy: uuid("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deptId, t.scope] }),
    check("retention_rules_scope_ck", inList("scope", retentionScopes)),
    check("retention_rules_days_ck", sql`days >= 1`),
  ],
);
