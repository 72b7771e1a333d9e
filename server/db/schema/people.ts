/** Departments, a person's profile, and their staff records (one per department). */
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, inList, timestamps } from "./columns.ts";

export const roleValues = ["admin", "leader", "staff"] as const;

export const departments = pgTable("departments", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  createdAt: createdAt(),
});

export const profiles = pgTable("profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  avatarPath: text("avatar_path"),
  /** the department the app works in; null falls back to the highest-role record */
  currentDeptId: uuid("current_dept_id").references(() => departments.id, { onDelete: "set null" }),
  /**
   * 'Stille når jeg ikke er på vakt' (issue 26); null: not chosen, the default holds (on
   * for staff, off for leaders and admins: common/domain/quiet.ts `quietSettingOf`)
   */
  quietOffShift: boolean("quiet_off_shift"),
  ...timestamps(),
});

export const staff = pgTable(
  "staff",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    role: text("role", { enum: roleValues }).notNull().default("staff"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("staff_user_dept_uq").on(t.userId, t.deptId),
    index("staff_dept_idx").on(t.deptId, t.isActive),
    check("staff_role_ck", inList("role", roleValues)),
  ],
);
