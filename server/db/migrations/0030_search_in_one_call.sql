-- Search (issue 29) in one call. A search was six statements (the words, the ranking,
-- the hits' details, the files, the colleagues, the typos' words), and under load their
-- round trips and their planning cost more than the reading itself. `search_hits` does
-- them all here, called as one prepared statement: its statements are planned once per
-- connection, except the ranking, planned each time (EXECUTE) with its full-text query
-- as a value, so that the database picks its read by how common the words are.
-- Who may read what is still the app's to say (policies/search.ts `searchScope`, passed
-- in), and the app still asks `thread.read` of every hit it returns.

-- A word as a to_tsquery operand: quoted, so the parser reads it as text.
CREATE FUNCTION search_operand(w text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT '''' || replace(replace(w, '\', '\\'), '''', '''''') || '''' $$;
--> statement-breakpoint
-- Whether a thread is one the searcher may read, by `searchScope`: in their departments
-- (asked by the caller), threads of these kinds are read by all staff; public channels;
-- direct threads and private channels only by their members (`member_threads`: the
-- threads of those departments the searcher is a member of). Inlined where it is used:
-- an SQL function is, when it asks no subquery.
CREATE FUNCTION search_may_read(
  kind text, is_public boolean, thread uuid,
  all_staff_kinds text[], public_channels boolean, member_kinds text[], member_threads uuid[]
) RETURNS boolean LANGUAGE sql IMMUTABLE
  AS $$
    SELECT kind = ANY (all_staff_kinds)
      OR (public_channels AND kind = 'channel' AND is_public)
      OR (kind = ANY (member_kinds) AND thread = ANY (member_threads))
  $$;
--> statement-breakpoint
-- 'Fra', 'I', 'Før', 'Etter' (null: not asked) on a message's or file's author, thread
-- and time. Inlined where it is used.
CREATE FUNCTION search_in_filters(
  author uuid, thread uuid, at timestamptz,
  by_author uuid, in_thread uuid, sent_before timestamptz, sent_after timestamptz
) RETURNS boolean LANGUAGE sql IMMUTABLE
  AS $$
    SELECT (by_author IS NULL OR author = by_author) AND (in_thread IS NULL OR thread = in_thread)
      AND (sent_before IS NULL OR at < sent_before) AND (sent_after IS NULL OR at >= sent_after)
  $$;
--> statement-breakpoint
-- What a hit says of its thread: what its name is made of (its own, its department's,
-- the other person's of a direct thread) and what `thread.read` decides on: department,
-- kind, public, and whether the searcher is a member (all the policy asks of members).
CREATE FUNCTION search_thread(t chat_threads, dept_name text, other_name text, is_member boolean)
  RETURNS jsonb LANGUAGE sql STABLE
  AS $$
    SELECT jsonb_build_object(
      'id', t.id, 'kind', t.kind, 'deptId', t.dept_id, 'isPublic', t.is_public,
      'name', t.name, 'shiftBlock', t.shift_block, 'shiftDate', t.shift_date::text,
      'deptName', dept_name, 'otherName', other_name, 'isMember', is_member)
  $$;
--> statement-breakpoint
-- The full-text query of a search, for to_tsquery('norwegian', …): every term as itself
-- (its inflections too: the parser stems both sides) or, from three letters on, any of
-- the 60 shortest words of the departments it is part of ('pumpe': 'pumpeinstruksen');
-- `fuzzy`, also, from four letters on, any of the 60 words it is most like
-- ('pasinet': 'pasient', word similarity 0.5: half their trigrams); then `phrases`, the
-- phrases' part as the app writes it. Null when there is nothing to ask, or when
-- `fuzzy` found no near word. The departments' words are those `search_words` keeps.
CREATE FUNCTION search_full_text(depts uuid[], terms text[], phrases text, fuzzy boolean)
  RETURNS text LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  -- `<%` reads its threshold from a setting, set for this statement's transaction.
  -- (`%`, plain similarity, is not used: PGlite's trigram index stops answering after it.)
  IF fuzzy THEN
    PERFORM set_config('pg_trgm.word_similarity_threshold', '0.5', true);
  END IF;
  RETURN (
    WITH parts AS (
      SELECT q.term, f.word FROM unnest(terms) q(term)
      CROSS JOIN LATERAL (
        SELECT w.word FROM unnest(depts) d(id) JOIN search_words w ON w.dept_id = d.id
        WHERE w.word LIKE '%' || q.term || '%'
        GROUP BY w.word ORDER BY length(w.word), w.word LIMIT 60) f
      WHERE length(q.term) >= 3
    ), near AS (
      SELECT q.term, f.word FROM unnest(terms) q(term)
      CROSS JOIN LATERAL (
        SELECT w.word FROM unnest(depts) d(id) JOIN search_words w ON w.dept_id = d.id
        WHERE q.term <% w.word
        GROUP BY w.word ORDER BY word_similarity(q.term, w.word) DESC, w.word LIMIT 60) f
      WHERE fuzzy AND length(q.term) >= 4
    ), groups AS (
      SELECT q.n, '(' || string_agg(search_operand(x.word), ' | ' ORDER BY x.own DESC, x.word) || ')' AS g
      FROM unnest(terms) WITH ORDINALITY q(term, n)
      CROSS JOIN LATERAL (
        SELECT q.term AS word, true AS own
        UNION SELECT w.word, false FROM (SELECT * FROM parts UNION ALL SELECT * FROM near) w
          WHERE w.term = q.term AND w.word <> q.term) x
      GROUP BY q.n)
    SELECT CASE WHEN fuzzy AND NOT EXISTS (SELECT 1 FROM near) THEN NULL
      ELSE nullif(concat_ws(' & ', (SELECT string_agg(g, ' & ' ORDER BY n) FROM groups), nullif(phrases, '')), '')
      END);
END
$$;
--> statement-breakpoint
-- A search: the best messages (with their threads), how many matched (up to
-- `candidates_max`), the files whose names match, the colleagues whose names match.
-- `terms`, `phrase_query` (the phrases' part of the full-text query), `phrase_patterns`
-- (each phrase as a regular expression over folded text): the query as the app parsed
-- it; `name_likes` and `name_patterns`: what a file's or a person's folded name must
-- match, all of them. The scope (`depts` and the kinds) and the filters as the app has
-- them. Ranking: of the newest `candidates_max` matches, those whose words all match as
-- words (or inflections) first, fading with age (halved after two weeks); only when
-- nothing matched are small typos forgiven (`search_full_text` fuzzy).
CREATE FUNCTION search_hits(
  viewer uuid, depts uuid[], all_staff_kinds text[], public_channels boolean, member_kinds text[],
  terms text[], phrase_query text, phrase_patterns text[], name_likes text[], name_patterns text[],
  by_author uuid, in_thread uuid, sent_before timestamptz, sent_after timestamptz, with_files boolean,
  now_at timestamptz, want_files boolean, want_people boolean,
  candidates_max integer, messages_max integer, files_max integer, people_max integer
) RETURNS jsonb LANGUAGE plpgsql
  -- Its statements' plans do not depend on the values (the ranking's does: EXECUTE).
  SET plan_cache_mode = force_generic_plan
  -- A search reads few rows, each by its key. Reading all threads into a hash to join
  -- the matches to looks cheap to the planner, the rule on them being cheap, and is
  -- several times slower ('kjokken': 11.5 ms, 2.8 ms by key).
  SET enable_hashjoin = off
  SET enable_mergejoin = off
  AS $$
DECLARE
  -- The threads of the departments the searcher is a member of, read once.
  member_threads uuid[] := ARRAY(
    SELECT tm.thread_id FROM chat_thread_members tm JOIN chat_threads t ON t.id = tm.thread_id
    WHERE tm.user_id = viewer AND t.dept_id = ANY (depts));
  fuzzy boolean;
  full_text text;
  ranked uuid[] := '{}';
  candidates integer := 0;
  -- Words that match as words (or inflections): all of them, and any of them.
  as_words tsquery := CASE WHEN cardinality(terms) > 0
    THEN plainto_tsquery('norwegian', array_to_string(terms, ' ')) END;
  as_any_word tsquery := CASE WHEN cardinality(terms) > 0
    THEN to_tsquery('norwegian', array_to_string(ARRAY(SELECT search_operand(t) FROM unnest(terms) t), ' | ')) END;
  messages jsonb;
  files jsonb := '[]';
  people jsonb := '[]';
BEGIN
  FOREACH fuzzy IN ARRAY ARRAY[false, true] LOOP
    full_text := search_full_text(depts, terms, phrase_query, fuzzy);
    EXIT WHEN fuzzy AND full_text IS NULL;
    -- Planned each time, with the full-text query as a value: for a common word the
    -- department's newest messages are walked (chat_messages_dept_seq_idx) until enough
    -- match, for a rare one its few matches are taken from the full-text index. The
    -- departments are written in as values too, so that the planner knows them (one is
    -- an equality, which the walk needs).
    EXECUTE format($rank$
      WITH c AS (
        SELECT m.id, m.seq, m.created_at, m.search_vector
        FROM chat_messages m JOIN chat_threads t ON t.id = m.thread_id
        WHERE m.dept_id IN (%s) AND m.deleted_at IS NULL
          AND search_may_read(t.kind, t.is_public, t.id, $1, $2, $3, $4)
          AND ($5::text IS NULL OR m.search_vector @@ to_tsquery('norwegian', $5))
          -- (without a phrase, ALL over none would still fold every row's text)
          AND (cardinality($6) = 0 OR search_fold(m.content) ~ ALL ($6))
          AND search_in_filters(m.author_id, m.thread_id, m.created_at, $7, $8, $9, $10)
          AND (NOT $11 OR EXISTS (SELECT 1 FROM chat_message_attachments a WHERE a.message_id = m.id))
        ORDER BY m.seq DESC LIMIT $12)
      SELECT coalesce(array_agg(c.id ORDER BY
          CASE WHEN $13::tsquery IS NULL THEN 1
            ELSE (CASE WHEN c.search_vector @@ $13 THEN 2 ELSE 1 END) + ts_rank(c.search_vector, $14) END
          / (1 + extract(epoch FROM ($15 - c.created_at)) / 1209600) DESC, c.seq DESC), '{}'),
        count(*)::integer
      FROM c
    $rank$, (SELECT string_agg(quote_literal(d), ', ') FROM unnest(depts) d))
    INTO ranked, candidates
    USING all_staff_kinds, public_channels, member_kinds, member_threads, full_text, phrase_patterns,
      by_author, in_thread, sent_before, sent_after, with_files, candidates_max,
      as_words, as_any_word, now_at;
    EXIT WHEN cardinality(ranked) > 0 OR cardinality(terms) = 0;
  END LOOP;

  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'id', m.id, 'content', m.content, 'createdMs', (extract(epoch FROM m.created_at) * 1000)::float8,
      'authorId', au.user_id, 'authorName', au.full_name, 'authorAvatarPath', au.avatar_path,
      'authorUpdatedMs', (extract(epoch FROM au.updated_at) * 1000)::float8,
      'fileCount', (SELECT count(*)::integer FROM chat_message_attachments a WHERE a.message_id = m.id),
      'thread', search_thread(t, dp.name, other.full_name, t.id = ANY (member_threads))) ORDER BY r.n), '[]')
  INTO messages
  FROM unnest(ranked[1:messages_max]) WITH ORDINALITY r(id, n)
  JOIN chat_messages m ON m.id = r.id
  JOIN chat_threads t ON t.id = m.thread_id
  JOIN departments dp ON dp.id = t.dept_id
  LEFT JOIN profiles other ON other.user_id =
    CASE WHEN t.direct_low_id = viewer THEN t.direct_high_id ELSE t.direct_low_id END
  LEFT JOIN profiles au ON au.user_id = m.author_id;

  -- Files by their names, newest first: the first pattern is the one the trigram index
  -- asks (the longest word), the others are checked on what it finds.
  IF want_files THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', f.id, 'name', f.name, 'kind', f.kind, 'size', f.byte_size, 'messageId', f.message_id,
        'createdMs', (extract(epoch FROM f.created_at) * 1000)::float8,
        'thread', search_thread(t, dp.name, other.full_name, t.id = ANY (member_threads))) ORDER BY f.seq DESC), '[]')
    INTO files
    FROM (
      SELECT a.id, a.name, a.kind, a.byte_size, a.message_id, a.thread_id, m.created_at, m.seq
      FROM unnest(depts) d(id)
      JOIN chat_message_attachments a ON a.dept_id = d.id
      JOIN chat_messages m ON m.id = a.message_id
      JOIN chat_threads t ON t.id = a.thread_id
      WHERE a.message_id IS NOT NULL AND m.deleted_at IS NULL
        AND search_fold(a.name) LIKE coalesce(name_likes[1], '%')
        AND (cardinality(name_likes) < 2 OR search_fold(a.name) LIKE ALL (name_likes[2:]))
        AND (cardinality(name_patterns) = 0 OR search_fold(a.name) ~ ALL (name_patterns))
        AND search_may_read(t.kind, t.is_public, t.id, all_staff_kinds, public_channels, member_kinds, member_threads)
        AND search_in_filters(a.uploaded_by, a.thread_id, m.created_at, by_author, in_thread, sent_before, sent_after)
      ORDER BY m.seq DESC LIMIT files_max) f
    JOIN chat_threads t ON t.id = f.thread_id
    JOIN departments dp ON dp.id = t.dept_id
    LEFT JOIN profiles other ON other.user_id =
      CASE WHEN t.direct_low_id = viewer THEN t.direct_high_id ELSE t.direct_low_id END;
  END IF;

  -- Colleagues: active staff of the searcher's departments, by name.
  IF want_people THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object(
        'userId', p.user_id, 'fullName', p.full_name, 'avatarPath', p.avatar_path,
        'updatedMs', (extract(epoch FROM p.updated_at) * 1000)::float8) ORDER BY p.full_name, p.user_id), '[]')
    INTO people FROM (
      SELECT p.user_id, p.full_name, p.avatar_path, p.updated_at FROM profiles p
      WHERE p.user_id <> viewer
        AND EXISTS (SELECT 1 FROM staff s WHERE s.user_id = p.user_id AND s.dept_id = ANY (depts) AND s.is_active)
        AND search_fold(p.full_name) LIKE coalesce(name_likes[1], '%')
        AND (cardinality(name_likes) < 2 OR search_fold(p.full_name) LIKE ALL (name_likes[2:]))
        AND (cardinality(name_patterns) = 0 OR search_fold(p.full_name) ~ ALL (name_patterns))
      ORDER BY p.full_name, p.user_id LIMIT people_max) p;
  END IF;

  RETURN jsonb_build_object('messages', messages, 'candidates', candidates, 'files', files, 'people', people);
END
$$;
