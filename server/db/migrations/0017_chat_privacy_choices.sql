CREATE TABLE "chat_privacy_choices" (
	"dept_id" uuid NOT NULL,
	"day" date NOT NULL,
	"choice" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_privacy_choices_dept_id_day_choice_pk" PRIMARY KEY("dept_id","day","choice"),
	CONSTRAINT "chat_privacy_choices_choice" CHECK (choice in ('edit', 'send_anyway')),
	CONSTRAINT "chat_privacy_choices_count" CHECK ("chat_privacy_choices"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_privacy_choices" ADD CONSTRAINT "chat_privacy_choices_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;