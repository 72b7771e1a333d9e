/** Departments, a person's profile, and their staff records (one per department). */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workLimits } from "../../../common/base/limits.ts";
import { defaultFullTimeHours, lawWorkLimits, outerWorkLimits } from "../../../common/domain/working-time.ts";
import { user } from "./auth.ts";
import { createdAt, inList, timestamps } from "./columns.ts";

export const roleValues = ["admin", "leader", "staff"] as const;

const bound = (n: number) => sql.raw(String(n));

/**
 * A department, with its working-time limits (issue 28): the law's by default, a local
 * agreement's where its leaders set them, never beyond the law's outer bounds.
 */
export const departments = pgTable(
  "departments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    createdAt: createdAt(),
    maxHoursPerDay: smallint("max_hours_per_day").notNull().default(lawWorkLimits.maxHoursPerDay),
    maxOvertimeWeek: smallint("max_overtime_week").notNull().default(lawWorkLimits.maxOvertimeWeek),
    maxOvertime4Weeks: smallint("max_overtime_4_weeks").notNull().default(lawWorkLimits.maxOvertime4Weeks),
    maxOvertimeYear: smallint("max_overtime_year").notNull().default(lawWorkLimits.maxOvertimeYear),
    /** 'Deltid først': eligible part-timers rank before full-timers in an assignment */
    partTimeFirst: boolean("part_time_first").notNull().default(false),
  },
  () => [
    check(
      "departments_work_limits_ck",
      sql`max_hours_per_day between 1 and ${bound(outerWorkLimits.maxHoursPerDay)}
        and max_overtime_week between 0 and ${bound(outerWorkLimits.maxOvertimeWeek)}
        and max_overtime_4_weeks between 0 and ${bound(outerWorkLimits.maxOvertime4Weeks)}
        and max_overtime_year between 0 and ${bound(outerWorkLimits.maxOvertimeYear)}`,
    ),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
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
  },
  // 'Personer' in search: a colleague by part of their name, æøå folded as in messages.
  (t) => [index("profiles_name_search_idx").using("gin", sql`search_fold(${t.fullName}) gin_trgm_ops`)],
);

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
    /** 'Stillingsprosent' (issue 28) */
    positionPercent: smallint("position_percent").notNull().default(100),
    /** a full position's weekly hours here (35,5 in a rota, 37,5 on days) */
    fullTimeHours: numeric("full_time_hours", { precision: 3, scale: 1, mode: "number" })
      .notNull()
      .default(defaultFullTimeHours),
  },
  (t) => [
    uniqueIndex("staff_user_dept_uq").on(t.userId, t.deptId),
    index("staff_dept_idx").on(t.deptId, t.isActive),
    check("staff_role_ck", inList("role", roleValues)),
    check("staff_position_percent_ck", sql`position_percent between 1 and 100`),
    check(
      "staff_full_time_hours_ck",
      sql`full_time_hours between ${bound(workLimits.fullTimeHoursMin)} and ${bound(workLimits.fullTimeHoursMax)}`,
    ),
  ],
);
