/**
 * Shift swaps (decisions.md § Readings: swaps; § Swaps): offers of one's assignment,
 * and deals — someone's answer to an offer, or an auto-match pair — that wait for the
 * offer's owner and then for a leader. Both go with their people and their department.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { swapLimits } from "../../../common/base/limits.ts";
import {
  dealSources,
  dealStatuses,
  offerStatuses,
  offerVisibilities,
} from "../../../common/schemas/swaps.ts";
import { user } from "./auth.ts";
import { createdAt, inList, ts, updatedAt } from "./columns.ts";
import { departments } from "./people.ts";
import { shiftAssignments } from "./shifts.ts";

export const swapOffers = pgTable(
  "swap_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    fromAssignmentId: uuid("from_assignment_id")
      .notNull()
      .references(() => shiftAssignments.id, { onDelete: "cascade" }),
    wantDateFrom: date("want_date_from"),
    wantDateTo: date("want_date_to"),
    wantTimeTags: text("want_time_tags").array().notNull().default(sql`'{}'`),
    wantWeekdays: integer("want_weekdays").array().notNull().default(sql`'{}'`),
    requireSwap: boolean("require_swap").notNull().default(true),
    autoMatch: boolean("auto_match").notNull().default(false),
    visibility: text("visibility", { enum: offerVisibilities }).notNull().default("private"),
    status: text("status", { enum: offerStatuses }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: ts("closed_at"),
  },
  (t) => [
    // At most one open offer per assignment, whatever raced.
    uniqueIndex("swap_offers_open_assignment_uq").on(t.fromAssignmentId).where(sql`status = 'open'`),
    // 'Mine tilbud' and 'Historikk'.
    index("swap_offers_owner_created_idx").on(t.ownerId, t.createdAt),
    // The market, its count, auto-match and the close job (joined to the shift's start).
    index("swap_offers_dept_status_visibility_idx").on(t.deptId, t.status, t.visibility),
    check("swap_offers_visibility_ck", inList("visibility", offerVisibilities)),
    check("swap_offers_status_ck", inList("status", offerStatuses)),
    check("swap_offers_closed_ck", sql`(status = 'open') = (closed_at is null)`),
  ],
);

export const swapDeals = pgTable(
  "swap_deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => swapOffers.id, { onDelete: "cascade" }),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    /** the offer's owner ("a"), who answers first */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** who proposed or claimed ("b") */
    proposerId: uuid("proposer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ownerAssignmentId: uuid("owner_assignment_id")
      .notNull()
      .references(() => shiftAssignments.id, { onDelete: "cascade" }),
    /** null on a give-away */
    proposerAssignmentId: uuid("proposer_assignment_id").references(() => shiftAssignments.id, {
      onDelete: "cascade",
    }),
    source: text("source", { enum: dealSources }).notNull(),
    status: text("status", { enum: dealStatuses }).notNull(),
    createdAt: createdAt(),
    answeredAt: ts("answered_at"),
    decidedAt: ts("decided_at"),
    decidedBy: uuid("decided_by").references(() => user.id, { onDelete: "set null" }),
    note: text("note"),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One waiting answer per person per offer.
    uniqueIndex("swap_deals_waiting_uq")
      .on(t.offerId, t.proposerId)
      .where(sql`status in ('waiting_owner', 'waiting_leader')`),
    // 'Venter svar' from both sides, the leaders' queue, and an offer's deals.
    index("swap_deals_owner_status_idx").on(t.ownerId, t.status),
    index("swap_deals_proposer_status_idx").on(t.proposerId, t.status),
    index("swap_deals_dept_status_idx").on(t.deptId, t.status),
    index("swap_deals_offer_idx").on(t.offerId),
    check("swap_deals_source_ck", inList("source", dealSources)),
    check("swap_deals_status_ck", inList("status", dealStatuses)),
    check("swap_deals_parties_ck", sql`owner_id <> proposer_id`),
    check("swap_deals_note_ck", sql`char_length(note) <= ${sql.raw(String(swapLimits.noteMaxLength))}`),
  ],
);
