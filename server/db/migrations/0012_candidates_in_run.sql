-- A run's candidates move into the run's row, as five arrays of one length in the audit's
-- order (decisions.md § Counting and writing less per request): 500 rows per assignment,
-- each with its key, two indexes and two foreign keys, took four times as long to write.
ALTER TABLE "shift_allocation_runs" ADD COLUMN "candidate_ids" uuid[];--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD COLUMN "candidate_fairness" integer[];--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD COLUMN "candidate_tie_breaks" uuid[];--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD COLUMN "candidate_ranks" integer[];--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD COLUMN "candidate_ineligible" text[];--> statement-breakpoint
UPDATE "shift_allocation_runs" r SET
  candidate_ids = c.ids, candidate_fairness = c.fairness, candidate_tie_breaks = c.tie_breaks,
  candidate_ranks = c.ranks, candidate_ineligible = c.ineligible
FROM (
  SELECT run_id,
    array_agg(user_id ORDER BY rank NULLS LAST, user_id, id) AS ids,
    array_agg(fairness_value ORDER BY rank NULLS LAST, user_id, id) AS fairness,
    array_agg(tie_break ORDER BY rank NULLS LAST, user_id, id) AS tie_breaks,
    array_agg(rank ORDER BY rank NULLS LAST, user_id, id) AS ranks,
    array_agg(ineligible_reason ORDER BY rank NULLS LAST, user_id, id) AS ineligible
  FROM "shift_allocation_candidates" GROUP BY run_id
) c
WHERE c.run_id = r.id;--> statement-breakpoint
-- A run without candidates cannot exist (one won); should one have lost them, it goes.
DELETE FROM "shift_allocation_runs" WHERE candidate_ids IS NULL;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ALTER COLUMN "candidate_ids" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ALTER COLUMN "candidate_fairness" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ALTER COLUMN "candidate_tie_breaks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ALTER COLUMN "candidate_ranks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ALTER COLUMN "candidate_ineligible" SET NOT NULL;--> statement-breakpoint
DROP TABLE "shift_allocation_candidates" CASCADE;--> statement-breakpoint
CREATE INDEX "shift_allocation_runs_candidates_idx" ON "shift_allocation_runs" USING gin ("candidate_ids");--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD CONSTRAINT "shift_allocation_runs_candidates_ck" CHECK (cardinality(candidate_ids) > 0
        and cardinality(candidate_fairness) = cardinality(candidate_ids)
        and cardinality(candidate_tie_breaks) = cardinality(candidate_ids)
        and cardinality(candidate_ranks) = cardinality(candidate_ids)
        and cardinality(candidate_ineligible) = cardinality(candidate_ids));--> statement-breakpoint
-- The audit view of spec §3: a row per candidate, in the run's order. `row_id` stands in
-- for a deleted person's id (the list still needs a key for them): the run and position
-- hashed, shaped as a version 4 UUID. Rank 1 won.
CREATE VIEW "shift_assignment_audit" AS
  SELECT r.shift_id, r.id AS run_id, c.position::int AS position,
    overlay(overlay(md5(r.id::text || ':' || c.position) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid AS row_id,
    c.candidate_id, p.full_name, c.fairness_value, c.tie_break_uuid, c.rank,
    coalesce(c.rank = 1, false) AS winner, c.ineligible_reason
  FROM "shift_allocation_runs" r
  CROSS JOIN LATERAL unnest(r.candidate_ids, r.candidate_fairness, r.candidate_tie_breaks,
      r.candidate_ranks, r.candidate_ineligible)
    WITH ORDINALITY AS c(candidate_id, fairness_value, tie_break_uuid, rank, ineligible_reason, position)
  LEFT JOIN "profiles" p ON p.user_id = c.candidate_id;
--> statement-breakpoint
-- As the foreign key of a candidate row did (ON DELETE SET NULL): a deleted account's id
-- becomes null in every run that judged it, so the audit names them 'Slettet bruker'.
CREATE FUNCTION shift_allocation_runs_forget_candidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shift_allocation_runs SET candidate_ids = array_replace(candidate_ids, OLD.id, NULL)
    WHERE candidate_ids @> ARRAY[OLD.id];
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shift_allocation_runs_forget_candidate
  AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION shift_allocation_runs_forget_candidate();
