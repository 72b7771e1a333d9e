CREATE TABLE "chat_message_reactions" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_reactions_pk" PRIMARY KEY("message_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"thread_id" uuid NOT NULL,
	"author_id" uuid,
	"content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"reply_to_id" uuid,
	CONSTRAINT "chat_messages_content_ck" CHECK (char_length(content) <= 4000),
	CONSTRAINT "chat_messages_deleted_ck" CHECK (deleted_at is not null or content is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_thread_members" (
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_thread_members_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dept_id" uuid NOT NULL,
	"name" text,
	"is_public" boolean DEFAULT false NOT NULL,
	"shift_block" text,
	"shift_date" date,
	"shift_starts_at" timestamp with time zone,
	"shift_ends_at" timestamp with time zone,
	"direct_low_id" uuid,
	"direct_high_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_threads_kind_ck" CHECK (kind in ('department', 'shift', 'direct', 'channel')),
	CONSTRAINT "chat_threads_shift_block_ck" CHECK (shift_block in ('day', 'evening', 'night')),
	CONSTRAINT "chat_threads_shift_ck" CHECK ((kind = 'shift') = (shift_block is not null and shift_date is not null
        and shift_starts_at is not null and shift_ends_at is not null)),
	CONSTRAINT "chat_threads_direct_ck" CHECK ((kind = 'direct') = (direct_low_id is not null and direct_high_id is not null)
        and (direct_low_id is null or direct_low_id < direct_high_id)),
	CONSTRAINT "chat_threads_channel_name_ck" CHECK (kind <> 'channel' or name is not null),
	CONSTRAINT "chat_threads_public_ck" CHECK (kind = 'channel' or not is_public)
);
--> statement-breakpoint
ALTER TABLE "chat_message_reactions" ADD CONSTRAINT "chat_message_reactions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reactions" ADD CONSTRAINT "chat_message_reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_reply_to_id_chat_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_members" ADD CONSTRAINT "chat_thread_members_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_members" ADD CONSTRAINT "chat_thread_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_direct_low_id_user_id_fk" FOREIGN KEY ("direct_low_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_direct_high_id_user_id_fk" FOREIGN KEY ("direct_high_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_reactions_user_idx" ON "chat_message_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_thread_seq_uq" ON "chat_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_author_idx" ON "chat_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "chat_messages_purge_idx" ON "chat_messages" USING btree ("deleted_at") WHERE deleted_at is not null and content is not null;--> statement-breakpoint
CREATE INDEX "chat_thread_members_user_idx" ON "chat_thread_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_department_uq" ON "chat_threads" USING btree ("dept_id") WHERE kind = 'department';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_shift_uq" ON "chat_threads" USING btree ("dept_id","shift_block","shift_date") WHERE kind = 'shift';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_direct_uq" ON "chat_threads" USING btree ("direct_low_id","direct_high_id") WHERE kind = 'direct';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_channel_name_uq" ON "chat_threads" USING btree ("dept_id",lower("name")) WHERE kind = 'channel';--> statement-breakpoint
CREATE INDEX "chat_threads_dept_kind_idx" ON "chat_threads" USING btree ("dept_id","kind");