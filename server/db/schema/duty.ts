/**
 * Duty roles ('Vaktroller', issue 26): roles a department defines ('Ansvarshavende
 * sykepleier', 'Vakthavende lege'), and who holds one for one shift block. A holding is
 * keyed by its role and the block's first instant, so "who holds it now" is one lookup of
 * the ongoing block's start and the next block's holder takes over without any job.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { dutyLimits } from "../../../common/base/limits.ts";
import { user } from "./auth.ts";
import { createdAt, ts, updatedAt } from "./columns.ts";
import { departments } from "./people.ts";

export const dutyRoles = pgTable(
  "duty_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique per department whatever the case, whatever raced; also the department's list.
    uniqueIndex("duty_roles_dept_name_uq").on(t.deptId, sql`lower(${t.name})`),
    check(
      "duty_roles_name_ck",
      sql`char_length(name) between 1 and ${sql.raw(String(dutyLimits.roleNameMaxLength))}`,
    ),
  ],
);

export const dutyHoldings = pgTable(
  "duty_holdings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => dutyRoles.id, { onDelete: "cascade" }),
    /** the role's department, so a department's grid and its ongoing block read one index */
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    /** the block's first instant (common/domain/shift-block.ts) */
    blockStart: ts("block_start").notNull(),
    /** the next block's start: a night block lasts 7 or 9 hours when summer time changes */
    blockEnd: ts("block_end").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** who assigned, took or handed it over last (null once that person is deleted) */
    setBy: uuid("set_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One holder per role and block, whatever raced.
    uniqueIndex("duty_holdings_role_block_uq").on(t.roleId, t.blockStart),
    // A department's grid (today and 14 days) and its ongoing block.
    index("duty_holdings_dept_block_idx").on(t.deptId, t.blockStart),
    // What a person holds now: quiet hours and '@role' reach, per recipient.
    index("duty_holdings_user_block_idx").on(t.userId, t.blockStart),
    check("duty_holdings_block_ck", sql`block_end > block_start`),
  ],
);
