CREATE TABLE "chat_message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"message_id" uuid,
	"uploaded_by" uuid,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_attachments_kind_ck" CHECK (kind in ('jpeg', 'png', 'webp', 'heic', 'pdf', 'docx', 'xlsx', 'txt')),
	CONSTRAINT "chat_message_attachments_size_ck" CHECK (byte_size >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ADD CONSTRAINT "chat_message_attachments_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ADD CONSTRAINT "chat_message_attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ADD CONSTRAINT "chat_message_attachments_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_message_attachments_key_uq" ON "chat_message_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "chat_message_attachments_message_idx" ON "chat_message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_message_attachments_unclaimed_idx" ON "chat_message_attachments" USING btree ("created_at") WHERE message_id is null;--> statement-breakpoint
CREATE INDEX "chat_message_attachments_uploader_idx" ON "chat_message_attachments" USING btree ("uploaded_by");