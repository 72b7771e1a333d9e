-- Each run keeps what the shift would have meant for every candidate (issue 28: hours in
-- 24, overtime per window, their 'Stillingsprosent') and whether 'Deltid først' held;
-- runs from before keep null figures and false.
ALTER TABLE "shift_allocation_runs" ADD COLUMN "candidate_figures" jsonb;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD COLUMN "part_time_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD CONSTRAINT "shift_allocation_runs_figures_ck" CHECK (candidate_figures is null or jsonb_array_length(candidate_figures) = cardinality(candidate_ids));
