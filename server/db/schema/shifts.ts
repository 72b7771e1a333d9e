/**
 * Extra shifts (decisions.md § Extra shifts): the shifts, who registered interest, who
 * got them, and each automatic assignment with every candidate as the audit shows it.
 *
 * `kind` tells extra shifts (made in Ekstravakter: listed, and counted for fairness)
 * from roster shifts (described with a swap offer: never listed, never counted).
 * Assignments, allocation runs and their candidates outlive the people in them: their
 * user ids become null when an account is deleted, so the shift's history stays and
 * names the person 'Slettet bruker'. Interests and calendar feeds go with the person.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { shiftLimits } from "../../../common/base/limits.ts";
import type { AllocationSnapshot } from "../../../common/domain/fairness.ts";
import type { WorkFigures } from "../../../common/domain/working-time.ts";
import { assignmentMethods, shiftStatuses } from "../../../common/schemas/shifts.ts";
import { user } from "./auth.ts";
import { createdAt, inList, ts, updatedAt } from "./columns.ts";
import { departments } from "./people.ts";

export const shiftKinds = ["extra", "roster"] as const;

export const shifts = pgTable(
  "shifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deptId: uuid("dept_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: shiftKinds }).notNull().default("extra"),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    status: text("status", { enum: shiftStatuses }).notNull().default("draft"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    publishedAt: ts("published_at"),
    closedAt: ts("closed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lists of a department: open ones by start, drafts, and the counts of both.
    index("shifts_dept_status_starts_idx").on(t.deptId, t.status, t.startsAt),
    // The close job: open shifts whose start has passed.
    index("shifts_open_starts_idx").on(t.startsAt).where(sql`status = 'open'`),
    // The shifts around a new one (the rest-time check at assignment): spans that overlap
    // a window. Neither end alone narrows it among years of past shifts; a span index does.
    index("shifts_span_idx").using("gist", sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    // Roster shifts, which never count for fairness (fairness.ts asks "not one of these").
    index("shifts_roster_idx").on(t.id).where(sql`kind = 'roster'`),
    check("shifts_kind_ck", inList("kind", shiftKinds)),
    check("shifts_status_ck", inList("status", shiftStatuses)),
    check("shifts_time_ck", sql`ends_at > starts_at`),
    check("shifts_published_ck", sql`status <> 'draft' or published_at is null`),
    check("shifts_closed_ck", sql`(status = 'closed') = (closed_at is not null)`),
    check(
      "shifts_description_ck",
      sql`char_length(description) <= ${sql.raw(String(shiftLimits.descriptionMaxLength))}`,
    ),
  ],
);

export const shiftInterests = pgTable(
  "shift_interests",
  {
    shiftId: uuid("shift_id")
      .notNull()
      .references(() => shifts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shiftId, t.userId], name: "shift_interests_pk" }),
    // 'Venter svar': the shifts I registered interest in.
    index("shift_interests_user_idx").on(t.userId),
    // A shift's interested in the order they came, from the index alone: the assignment
    // reads all of them (500 rows on as many pages through the key, 1 ms of its read)
    // and the open list the first five.
    index("shift_interests_shift_order_idx").on(t.shiftId, t.createdAt, t.userId),
  ],
);

export const shiftAssignments = pgTable(
  "shift_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // One holder per shift: a second assignment of the same shift fails here, whatever raced.
    shiftId: uuid("shift_id")
      .notNull()
      .unique("shift_assignments_shift_uq")
      .references(() => shifts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    assignedAt: ts("assigned_at").notNull().defaultNow(),
    method: text("method", { enum: assignmentMethods }).notNull(),
    /** Set by the database from the shift's kind (extra: true), so a cascade knows it too. */
    countsForFairness: boolean("counts_for_fairness").notNull().default(false),
    /**
     * The shift's times, copied by the database (migration 0025): a person's shifts
     * around a new one are then a range of one index, not a join to every shift of the
     * hospital in the working-time rules' 52-week horizon.
     */
    startsAt: ts("starts_at"),
    endsAt: ts("ends_at"),
  },
  (t) => [
    // A person's assignments: the 90-day fairness count (by assigned_at), their busy
    // shifts around a new one, 'Mine tildelte' and the calendar feed (joined to shifts;
    // a person holds few enough for the join to order them).
    index("shift_assignments_user_assigned_idx").on(t.userId, t.assignedAt),
    // What moves in or out of the fairness window between two instants (fairness_counts).
    index("shift_assignments_counted_idx").on(t.assignedAt).where(sql`counts_for_fairness`),
    // A person's shifts that end after an instant (the working-time rules' horizon), read
    // from the index alone: what counts toward overtime and how it was got ride along.
    index("shift_assignments_user_ends_idx")
      .on(t.userId, t.endsAt, t.startsAt, t.countsForFairness, t.method, t.shiftId, t.id)
      .where(sql`user_id is not null`),
    check("shift_assignments_method_ck", inList("method", assignmentMethods)),
  ],
);

/**
 * An automatic assignment, with every candidate as the audit shows it. The candidates
 * are five arrays of one length, position by position in the audit's order (by rank,
 * the ineligible last): one row per run is written in a fraction of the time 500 rows
 * with their keys, indexes and foreign keys took (bench/allocation), and a run is only
 * ever read whole. The `shift_assignment_audit` view (migration 0012) unnests them.
 */
export const shiftAllocationRuns = pgTable(
  "shift_allocation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // One run per shift: the earlier result is shown, never a second draw.
    shiftId: uuid("shift_id")
      .notNull()
      .unique("shift_allocation_runs_shift_uq")
      .references(() => shifts.id, { onDelete: "cascade" }),
    winnerUserId: uuid("winner_user_id").references(() => user.id, { onDelete: "set null" }),
    snapshot: jsonb("snapshot").$type<AllocationSnapshot>().notNull(),
    /** the rest rule the run was judged by (MIN_REST_HOURS may change later) */
    minRestHours: integer("min_rest_hours").notNull(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** who; an element becomes null when that account is deleted ('Slettet bruker') */
    candidateIds: uuid("candidate_ids").array().$type<(string | null)[]>().notNull(),
    candidateFairness: integer("candidate_fairness").array().notNull(),
    candidateTieBreaks: uuid("candidate_tie_breaks").array().notNull(),
    /** 1..n among the eligible, null for the ineligible; rank 1 won */
    candidateRanks: integer("candidate_ranks").array().$type<(number | null)[]>().notNull(),
    /** Norwegian, as the audit shows it; null when eligible */
    candidateIneligible: text("candidate_ineligible").array().$type<(string | null)[]>().notNull(),
    /**
     * What the shift would have meant for each candidate (issue 28: hours in 24, overtime
     * per window, their 'Stillingsprosent'), aligned with `candidate_ids`; null in runs
     * from before the working-time rules. One JSON array: read only with the whole run.
     */
    candidateFigures: jsonb("candidate_figures").$type<(WorkFigures & { positionPercent: number })[]>(),
    /** 'Deltid først' held in this run (false for runs from before it existed) */
    partTimeFirst: boolean("part_time_first").notNull().default(false),
  },
  (t) => [
    // Whether I was a candidate is asked of one run, by its shift, or of all my runs at
    // once (`candidate_ids @> array[me]`, which this serves; `= any(…)` it cannot); this
    // also finds a deleted person's runs.
    index("shift_allocation_runs_candidates_idx").using("gin", t.candidateIds),
    check(
      "shift_allocation_runs_candidates_ck",
      sql`cardinality(candidate_ids) > 0
        and cardinality(candidate_fairness) = cardinality(candidate_ids)
        and cardinality(candidate_tie_breaks) = cardinality(candidate_ids)
        and cardinality(candidate_ranks) = cardinality(candidate_ids)
        and cardinality(candidate_ineligible) = cardinality(candidate_ids)`,
    ),
    check(
      "shift_allocation_runs_figures_ck",
      sql`candidate_figures is null or jsonb_array_length(candidate_figures) = cardinality(candidate_ids)`,
    ),
  ],
);

/** The audit view (spec §3): one row per candidate of a run, in the run's order. */
export const shiftAssignmentAudit = pgView("shift_assignment_audit", {
  shiftId: uuid("shift_id").notNull(),
  runId: uuid("run_id").notNull(),
  position: integer("position").notNull(),
  /** stable per candidate, also when the person is gone (their id is then null) */
  rowId: uuid("row_id").notNull(),
  candidateId: uuid("candidate_id"),
  fullName: text("full_name"),
  fairnessValue: integer("fairness_value").notNull(),
  tieBreakUuid: uuid("tie_break_uuid").notNull(),
  rank: integer("rank"),
  winner: boolean("winner").notNull(),
  ineligibleReason: text("ineligible_reason"),
}).existing();

/** A person's secret calendar address; only a hash of its token is kept. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique("calendar_feeds_token_hash_uq"),
  /** the random part the token is derived from; a new one on every renewal */
  nonce: uuid("nonce").notNull(),
  createdAt: createdAt(),
});

/**
 * The 90-day fairness count kept running (migration 0011): per person, how many of their
 * assignments that count for fairness were assigned after `fairness_window.since`.
 * Triggers on `shift_assignments` keep it exact whatever writes them; a job moves the
 * window on, and readers add or remove what lies between it and their own 90 days
 * (`recentExtraCounts`), so counting never reads the whole window's assignments.
 */
export const fairnessCounts = pgTable("fairness_counts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  count: integer("count").notNull(),
});

/** One row: the start of the window `fairness_counts` counts from. */
export const fairnessWindow = pgTable(
  "fairness_window",
  {
    one: boolean("one").primaryKey().default(true),
    since: ts("since").notNull(),
  },
  () => [check("fairness_window_one_ck", sql`one`)],
);
