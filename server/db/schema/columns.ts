/** Column helpers every feature's tables share, so a timestamp means the same everywhere. */
import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** A point in time: `timestamptz`, read as a JavaScript Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => ts("created_at").notNull().defaultNow();

/** Set when the row is written, and by Drizzle on every update through it (no SQL change). */
export const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `created_at` and `updated_at`: set when the row is written; `updated_at` again on each update. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A CHECK that `column` holds one of `values` (constants of ours, never input). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
