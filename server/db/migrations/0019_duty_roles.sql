CREATE TABLE "duty_holdings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role_id" uuid NOT NULL,
	"dept_id" uuid NOT NULL,
	"block_start" timestamp with time zone NOT NULL,
	"block_end" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"set_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_holdings_block_ck" CHECK (block_end > block_start)
);
--> statement-breakpoint
CREATE TABLE "duty_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dept_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_roles_name_ck" CHECK (char_length(name) between 1 and 40)
);
--> statement-breakpoint
ALTER TABLE "duty_holdings" ADD CONSTRAINT "duty_holdings_role_id_duty_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."duty_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_holdings" ADD CONSTRAINT "duty_holdings_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_holdings" ADD CONSTRAINT "duty_holdings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_holdings" ADD CONSTRAINT "duty_holdings_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_roles" ADD CONSTRAINT "duty_roles_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duty_holdings_role_block_uq" ON "duty_holdings" USING btree ("role_id","block_start");--> statement-breakpoint
CREATE INDEX "duty_holdings_dept_block_idx" ON "duty_holdings" USING btree ("dept_id","block_start");--> statement-breakpoint
CREATE INDEX "duty_holdings_user_block_idx" ON "duty_holdings" USING btree ("user_id","block_start");--> statement-breakpoint
CREATE UNIQUE INDEX "duty_roles_dept_name_uq" ON "duty_roles" USING btree ("dept_id",lower("name"));