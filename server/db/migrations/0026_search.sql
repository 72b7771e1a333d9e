-- Search (issue 29): Norwegian full-text search for whole words and their inflections,
-- trigrams for parts of words and compounds ('pumpe' in 'pumpeinstruks'). Both come
-- with PostgreSQL and with PGlite; both are trusted extensions a database owner may add.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- btree_gin lets one GIN index start with the department and the day, so a search reads
-- the last days' matches of the caller's departments, not the hospital's history.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- foldNorwegian of common/domain/search.ts: lower case, æøå and their common
-- substitutes made one ('blåbær' and 'blaabaer' both read 'blaabaer'). A test holds the
-- two equal.
CREATE FUNCTION search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT replace(replace(replace(translate(lower(t), 'øöéèêóòôü', 'ooeeeooou'), 'æ', 'ae'), 'ä', 'ae'), 'å', 'aa') $$;
--> statement-breakpoint
-- The day an instant falls on, in days since 1970 (UTC). Immutable, unlike extract() on
-- a timestamptz in general: the epoch does not depend on the time zone.
CREATE FUNCTION search_day(at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch from at) / 86400)::integer $$;
--> statement-breakpoint
-- The thread's department on each message and file, set here rather than by the app, so
-- every writer (posts, uploads, the seed, imports) gets it right. Threads never change
-- department.
CREATE FUNCTION dept_of_thread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.dept_id INTO NEW.dept_id FROM chat_threads t WHERE t.id = NEW.thread_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "dept_id" uuid;--> statement-breakpoint
UPDATE "chat_messages" m SET "dept_id" = t."dept_id" FROM "chat_threads" t WHERE t."id" = m."thread_id";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "dept_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER chat_messages_dept
  BEFORE INSERT OR UPDATE OF thread_id ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION dept_of_thread();
--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ADD COLUMN "dept_id" uuid;--> statement-breakpoint
UPDATE "chat_message_attachments" a SET "dept_id" = t."dept_id" FROM "chat_threads" t WHERE t."id" = a."thread_id";--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ALTER COLUMN "dept_id" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER chat_message_attachments_dept
  BEFORE INSERT OR UPDATE OF thread_id ON chat_message_attachments
  FOR EACH ROW EXECUTE FUNCTION dept_of_thread();
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_day" integer GENERATED ALWAYS AS (search_day(created_at)) STORED;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('norwegian'::regconfig, coalesce(search_fold(content), ''))) STORED;--> statement-breakpoint
CREATE INDEX "chat_message_attachments_search_idx" ON "chat_message_attachments" USING gin ("dept_id",search_fold(name) gin_trgm_ops) WHERE message_id is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("dept_id","search_day","search_vector") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "chat_messages_search_trgm_idx" ON "chat_messages" USING gin ("dept_id","search_day",search_fold(content) gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "profiles_name_search_idx" ON "profiles" USING gin (search_fold("full_name") gin_trgm_ops);
