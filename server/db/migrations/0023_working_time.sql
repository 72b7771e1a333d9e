CREATE TABLE "competences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dept_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competences_name_ck" CHECK (char_length(name) between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "shift_competences" (
	"shift_id" uuid NOT NULL,
	"competence_id" uuid NOT NULL,
	CONSTRAINT "shift_competences_pk" PRIMARY KEY("shift_id","competence_id")
);
--> statement-breakpoint
CREATE TABLE "staff_competences" (
	"staff_id" uuid NOT NULL,
	"competence_id" uuid NOT NULL,
	CONSTRAINT "staff_competences_pk" PRIMARY KEY("staff_id","competence_id")
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "max_hours_per_day" smallint DEFAULT 13 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "max_overtime_week" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "max_overtime_4_weeks" smallint DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "max_overtime_year" smallint DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "part_time_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "position_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "full_time_hours" numeric(3, 1) DEFAULT 35.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "competences" ADD CONSTRAINT "competences_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_competences" ADD CONSTRAINT "shift_competences_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_competences" ADD CONSTRAINT "shift_competences_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_competences" ADD CONSTRAINT "staff_competences_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_competences" ADD CONSTRAINT "staff_competences_competence_id_competences_id_fk" FOREIGN KEY ("competence_id") REFERENCES "public"."competences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competences_dept_name_uq" ON "competences" USING btree ("dept_id",lower("name"));--> statement-breakpoint
CREATE INDEX "shift_competences_competence_idx" ON "shift_competences" USING btree ("competence_id");--> statement-breakpoint
CREATE INDEX "staff_competences_competence_idx" ON "staff_competences" USING btree ("competence_id");--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_work_limits_ck" CHECK (max_hours_per_day between 1 and 16
        and max_overtime_week between 0 and 25
        and max_overtime_4_weeks between 0 and 50
        and max_overtime_year between 0 and 400);--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_position_percent_ck" CHECK (position_percent between 1 and 100);--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_full_time_hours_ck" CHECK (full_time_hours between 20 and 48);