CREATE TABLE "demo_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_accounts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "demo_accounts" ADD CONSTRAINT "demo_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A database seeded before this migration: its accounts at the fixed demo addresses are
-- the seed's (a demo account deleted before now is not known, and the seed makes it once more).
INSERT INTO "demo_accounts" ("email", "user_id")
  SELECT "email", "id" FROM "user"
  WHERE "email" IN ('admin@demo.no', 'leder@demo.no', 'kari@demo.no', 'ola@demo.no', 'sekretaer@demo.no', 'intensiv@demo.no');
