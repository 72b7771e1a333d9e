/**
 * How often the privacy dialog was answered 'Rediger' or 'Send likevel', per department
 * and Oslo date: one counter row per choice, never the text or who chose. Enough to see
 * whether the gate is heeded on a ward, too little to trace a message.
 */
import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { privacyChoices } from "../../../common/schemas/privacy-choices.ts";
import { inList } from "./columns.ts";
import { departments } from "./people.ts";

export const chatPrivacyChoices = pgTable(
  "chat_privacy_choices",
  {
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    choice: text("choice", { enum: privacyChoices }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deptId, t.day, t.choice] }),
    check("chat_privacy_choices_choice", inList("choice", privacyChoices)),
    check("chat_privacy_choices_count", sql`${t.count} >= 0`),
  ],
);
