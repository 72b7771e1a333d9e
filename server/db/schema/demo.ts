/**
 * The fixed demo accounts (seed/demo.ts), marked when the seed makes them: the demo
 * tools sign in only as a marked account, and the seed makes only those never made. A
 * row outlives its account (the id becomes null): a demo account an admin deleted stays
 * deleted, and a new account at its address is no demo account.
 */
import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt } from "./columns.ts";

export const demoAccounts = pgTable("demo_accounts", {
  /** one of the seed's fixed addresses, never a person's */
  email: text("email").primaryKey(),
  userId: uuid("user_id")
    .unique()
    .references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
