-- Search (issue 29), made fast at volume: every kind of match goes through the messages'
-- full-text index. A part of a word ('pumpe') or a typo ('pasinet') is first looked up
-- among the words the department has written (search_words, kept here by triggers), and
-- the words found are then asked of the full-text index; the trigram index over every
-- message, and the day in the full-text index, are no longer needed.
CREATE TABLE "search_words" (
	"dept_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_pk" PRIMARY KEY("dept_id","word")
);
--> statement-breakpoint
DROP INDEX "chat_messages_search_trgm_idx";--> statement-breakpoint
DROP INDEX "chat_messages_search_idx";--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_dept_id_departments_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("dept_id",word gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_messages_dept_seq_idx" ON "chat_messages" USING btree ("dept_id","seq") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("dept_id","search_vector") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "search_day";--> statement-breakpoint
DROP FUNCTION search_day(timestamptz);--> statement-breakpoint
-- The words of a text search can look up: folded, as the 'simple' parser splits them
-- (hyphenated words also whole), three letters or more, not Norwegian stop words.
CREATE FUNCTION search_words_of(t text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, search_fold(t)))) w
    WHERE length(w) >= 3 AND numnode(plainto_tsquery('norwegian'::regconfig, w)) > 0
  $$;
--> statement-breakpoint
-- Whether a department's messages (not deleted) still have a word: the full-text index
-- finds those with its stem, and their words say whether the word itself is there.
CREATE FUNCTION search_word_written(d uuid, word text) RETURNS boolean
  LANGUAGE sql STABLE STRICT
  AS $$
    SELECT EXISTS (
      SELECT 1 FROM chat_messages m
      WHERE m.dept_id = d AND m.deleted_at IS NULL
        AND m.search_vector @@ plainto_tsquery('norwegian'::regconfig, word)
        AND word IN (SELECT search_words_of(m.content)))
  $$;
--> statement-breakpoint
-- Once per statement (a retention batch or a seed writes many rows in one): new texts
-- add their words; an edit, a purge or a restore adds the new text's words and weighs
-- the old text's for removal; a deletion weighs the old text's.
CREATE FUNCTION search_words_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (dept_id, word)
    SELECT DISTINCT n.dept_id, w FROM written n, search_words_of(n.content) w
    WHERE n.deleted_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (dept_id, word)
    SELECT DISTINCT n.dept_id, w
    FROM written n JOIN gone o ON o.id = n.id, search_words_of(n.content) w
    WHERE n.deleted_at IS NULL
      AND (o.content IS DISTINCT FROM n.content OR o.deleted_at IS NOT NULL)
  ON CONFLICT DO NOTHING;
  DELETE FROM search_words s
  USING (
    SELECT DISTINCT o.dept_id, w
    FROM gone o JOIN written n ON n.id = o.id, search_words_of(o.content) w
    WHERE o.content IS DISTINCT FROM n.content
  ) g
  WHERE s.dept_id = g.dept_id AND s.word = g.w AND NOT search_word_written(g.dept_id, g.w);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words s
  USING (SELECT DISTINCT o.dept_id, w FROM gone o, search_words_of(o.content) w) g
  WHERE s.dept_id = g.dept_id AND s.word = g.w AND NOT search_word_written(g.dept_id, g.w);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_words_written AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_written();
--> statement-breakpoint
CREATE TRIGGER search_words_changed AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS gone NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_changed();
--> statement-breakpoint
CREATE TRIGGER search_words_removed AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_removed();
--> statement-breakpoint
INSERT INTO search_words (dept_id, word)
  SELECT DISTINCT m.dept_id, w FROM chat_messages m, search_words_of(m.content) w
  WHERE m.deleted_at IS NULL
ON CONFLICT DO NOTHING;
