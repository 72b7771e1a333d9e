CREATE TABLE "chat_message_reach" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"via" text NOT NULL,
	"role_name" text,
	"notification_id" uuid,
	"acknowledged_at" timestamp with time zone,
	"next_notice_at" timestamp with time zone,
	"notices" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_reach_message_id_user_id_pk" PRIMARY KEY("message_id","user_id"),
	CONSTRAINT "chat_message_reach_via_ck" CHECK (via in ('role', 'name', 'vakt', 'dm', 'block'))
);
--> statement-breakpoint
CREATE TABLE "chat_urgent_messages" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"thread_id" uuid NOT NULL,
	"dept_id" uuid NOT NULL,
	"sender_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"escalate_at" timestamp with time zone,
	"escalated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_ck";--> statement-breakpoint
ALTER TABLE "chat_message_reach" ADD CONSTRAINT "chat_message_reach_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reach" ADD CONSTRAINT "chat_message_reach_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_reach" ADD CONSTRAINT "chat_message_reach_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_urgent_messages" ADD CONSTRAINT "chat_urgent_messages_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_urgent_messages" ADD CONSTRAINT "chat_urgent_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_urgent_messages" ADD CONSTRAINT "chat_urgent_messages_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_urgent_messages" ADD CONSTRAINT "chat_urgent_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_reach_next_notice_idx" ON "chat_message_reach" USING btree ("next_notice_at") WHERE next_notice_at is not null;--> statement-breakpoint
CREATE INDEX "chat_message_reach_user_idx" ON "chat_message_reach" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_urgent_messages_dept_sent_idx" ON "chat_urgent_messages" USING btree ("dept_id","sent_at");--> statement-breakpoint
CREATE INDEX "chat_urgent_messages_escalate_idx" ON "chat_urgent_messages" USING btree ("escalate_at") WHERE escalate_at is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_ck" CHECK (type in ('shift_published', 'shift_won', 'shift_awarded', 'shift_awarded_other', 'shift_assigned_winner', 'shift_assigned_closed', 'swap_matched_proposed', 'swap_ready_for_leader', 'swap_approved', 'swap_rejected', 'swap_declined', 'swap_withdrawn', 'swap_cancelled', 'swap_closed', 'announcement', 'maintenance', 'update', 'alert', 'info', 'urgent_message', 'urgent_unacknowledged'));