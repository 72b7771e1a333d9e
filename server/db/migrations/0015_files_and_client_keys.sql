CREATE TABLE "stored_file_chunks" (
	"blob_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_file_chunks_blob_id_n_pk" PRIMARY KEY("blob_id","n")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"blob_id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "stored_file_chunks_created_idx" ON "stored_file_chunks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_blob_uq" ON "stored_files" USING btree ("blob_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key_uq" ON "chat_messages" USING btree ("author_id","client_key") WHERE client_key is not null;