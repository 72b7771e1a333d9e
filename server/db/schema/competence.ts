/**
 * Competence ('Kompetanse', issue 28): what a department names ('Anestesisykepleier'),
 * who of its staff holds which (on their staff record, so it goes with the record), and
 * what an extra shift requires. A candidate lacking one is not eligible.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { workLimits } from "../../../common/base/limits.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { departments, staff } from "./people.ts";
import { shifts } from "./shifts.ts";

export const competences = pgTable(
  "competences",
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
    uniqueIndex("competences_dept_name_uq").on(t.deptId, sql`lower(${t.name})`),
    check(
      "competences_name_ck",
      sql`char_length(name) between 1 and ${sql.raw(String(workLimits.competenceNameMaxLength))}`,
    ),
  ],
);

export const staffCompetences = pgTable(
  "staff_competences",
  {
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    competenceId: uuid("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.competenceId], name: "staff_competences_pk" }),
    // How many hold a competence ('Kompetanse' list), and the cascade of a deleted one.
    index("staff_competences_competence_idx").on(t.competenceId),
  ],
);

export const shiftCompetences = pgTable(
  "shift_competences",
  {
    shiftId: uuid("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    competenceId: uuid("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.shiftId, t.competenceId], name: "shift_competences_pk" }),
    index("shift_competences_competence_idx").on(t.competenceId),
  ],
);
