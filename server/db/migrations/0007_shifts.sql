CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"nonce" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "shift_allocation_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"user_id" uuid,
	"fairness_value" integer NOT NULL,
	"tie_break" uuid NOT NULL,
	"rank" integer,
	"winner" boolean DEFAULT false NOT NULL,
	"ineligible_reason" text,
	CONSTRAINT "shift_allocation_candidates_rank_ck" CHECK ((rank is null) = (ineligible_reason is not null)),
	CONSTRAINT "shift_allocation_candidates_winner_ck" CHECK (not winner or rank = 1)
);
--> statement-breakpoint
CREATE TABLE "shift_allocation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"winner_user_id" uuid,
	"snapshot" jsonb NOT NULL,
	"min_rest_hours" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_allocation_runs_shift_uq" UNIQUE("shift_id")
);
--> statement-breakpoint
CREATE TABLE "shift_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"user_id" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	CONSTRAINT "shift_assignments_shift_uq" UNIQUE("shift_id"),
	CONSTRAINT "shift_assignments_method_ck" CHECK (method in ('auto', 'swap', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "shift_interests" (
	"shift_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_interests_pk" PRIMARY KEY("shift_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dept_id" uuid NOT NULL,
	"kind" text DEFAULT 'extra' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"location" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_kind_ck" CHECK (kind in ('extra', 'roster')),
	CONSTRAINT "shifts_status_ck" CHECK (status in ('draft', 'open', 'assigned', 'closed')),
	CONSTRAINT "shifts_time_ck" CHECK (ends_at > starts_at),
	CONSTRAINT "shifts_published_ck" CHECK (status <> 'draft' or published_at is null),
	CONSTRAINT "shifts_closed_ck" CHECK ((status = 'closed') = (closed_at is not null)),
	CONSTRAINT "shifts_description_ck" CHECK (char_length(description) <= 1000)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_allocation_candidates" ADD CONSTRAINT "shift_allocation_candidates_run_id_shift_allocation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."shift_allocation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_allocation_candidates" ADD CONSTRAINT "shift_allocation_candidates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD CONSTRAINT "shift_allocation_runs_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD CONSTRAINT "shift_allocation_runs_winner_user_id_user_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_allocation_runs" ADD CONSTRAINT "shift_allocation_runs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD CONSTRAINT "shift_assignments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_interests" ADD CONSTRAINT "shift_interests_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_interests" ADD CONSTRAINT "shift_interests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_allocation_candidates_run_user_uq" ON "shift_allocation_candidates" USING btree ("run_id","user_id");--> statement-breakpoint
CREATE INDEX "shift_allocation_candidates_user_idx" ON "shift_allocation_candidates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shift_assignments_user_assigned_idx" ON "shift_assignments" USING btree ("user_id","assigned_at");--> statement-breakpoint
CREATE INDEX "shift_interests_user_idx" ON "shift_interests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shifts_dept_status_starts_idx" ON "shifts" USING btree ("dept_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_open_starts_idx" ON "shifts" USING btree ("starts_at") WHERE status = 'open';