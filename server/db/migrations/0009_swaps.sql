CREATE TABLE "swap_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"dept_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"proposer_id" uuid NOT NULL,
	"owner_assignment_id" uuid NOT NULL,
	"proposer_assignment_id" uuid,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_deals_source_ck" CHECK (source in ('proposal', 'claim', 'auto')),
	CONSTRAINT "swap_deals_status_ck" CHECK (status in ('waiting_owner', 'waiting_leader', 'approved', 'rejected', 'withdrawn')),
	CONSTRAINT "swap_deals_parties_ck" CHECK (owner_id <> proposer_id),
	CONSTRAINT "swap_deals_note_ck" CHECK (char_length(note) <= 500)
);
--> statement-breakpoint
CREATE TABLE "swap_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"dept_id" uuid NOT NULL,
	"from_assignment_id" uuid NOT NULL,
	"want_date_from" date,
	"want_date_to" date,
	"want_time_tags" text[] DEFAULT '{}' NOT NULL,
	"want_weekdays" integer[] DEFAULT '{}' NOT NULL,
	"require_swap" boolean DEFAULT true NOT NULL,
	"auto_match" boolean DEFAULT false NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "swap_offers_visibility_ck" CHECK (visibility in ('private', 'dept')),
	CONSTRAINT "swap_offers_status_ck" CHECK (status in ('open', 'matched', 'cancelled')),
	CONSTRAINT "swap_offers_closed_ck" CHECK ((status = 'open') = (closed_at is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_ck";--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_offer_id_swap_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."swap_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_proposer_id_user_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_owner_assignment_id_shift_assignments_id_fk" FOREIGN KEY ("owner_assignment_id") REFERENCES "public"."shift_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_proposer_assignment_id_shift_assignments_id_fk" FOREIGN KEY ("proposer_assignment_id") REFERENCES "public"."shift_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_deals" ADD CONSTRAINT "swap_deals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_from_assignment_id_shift_assignments_id_fk" FOREIGN KEY ("from_assignment_id") REFERENCES "public"."shift_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_deals_waiting_uq" ON "swap_deals" USING btree ("offer_id","proposer_id") WHERE status in ('waiting_owner', 'waiting_leader');--> statement-breakpoint
CREATE INDEX "swap_deals_owner_status_idx" ON "swap_deals" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "swap_deals_proposer_status_idx" ON "swap_deals" USING btree ("proposer_id","status");--> statement-breakpoint
CREATE INDEX "swap_deals_dept_status_idx" ON "swap_deals" USING btree ("dept_id","status");--> statement-breakpoint
CREATE INDEX "swap_deals_offer_idx" ON "swap_deals" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_offers_open_assignment_uq" ON "swap_offers" USING btree ("from_assignment_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "swap_offers_owner_created_idx" ON "swap_offers" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "swap_offers_dept_status_visibility_idx" ON "swap_offers" USING btree ("dept_id","status","visibility");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_ck" CHECK (type in ('shift_published', 'shift_won', 'shift_awarded', 'shift_awarded_other', 'shift_assigned_winner', 'shift_assigned_closed', 'swap_matched_proposed', 'swap_ready_for_leader', 'swap_approved', 'swap_rejected', 'swap_declined', 'swap_withdrawn', 'swap_cancelled', 'swap_closed', 'announcement', 'maintenance', 'update', 'alert', 'info'));