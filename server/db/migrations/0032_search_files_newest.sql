-- Search (issue 29): a search's files are found newest first by when they were
-- uploaded, and only the newest that pass are read with their messages and threads.
-- Before, every file whose name matched was read with its message to be sorted by the
-- message's place ('vakt': 112 of a department's 645 files, 816 pages read, 1.3 ms;
-- now 166 pages, 0.45 ms). A file is uploaded moments before its message is sent, so
-- the two orders are the same but for files sent in another order than uploaded.
-- search_hits as in 0030 but for its files.
CREATE OR REPLACE FUNCTION search_hits(
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
  -- asks (the longest word), the others are checked on what it finds. The files that
  -- match are put in order by when they were uploaded (their own rows, read together),
  -- and only then are their messages and threads read, one by one until enough pass.
  IF want_files THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object(
        'id', f.id, 'name', f.name, 'kind', f.kind, 'size', f.byte_size, 'messageId', f.message_id,
        'createdMs', (extract(epoch FROM f.sent_at) * 1000)::float8,
        'thread', search_thread(t, dp.name, other.full_name, t.id = ANY (member_threads)))
        ORDER BY f.created_at DESC, f.id DESC), '[]')
    INTO files
    FROM (
      SELECT a.id, a.name, a.kind, a.byte_size, a.message_id, a.thread_id, a.created_at, m.created_at AS sent_at
      FROM (
        -- OFFSET 0 keeps this apart, so that it is sorted before the joins below.
        SELECT a.* FROM unnest(depts) d(id)
        JOIN chat_message_attachments a ON a.dept_id = d.id
        WHERE a.message_id IS NOT NULL
          AND search_fold(a.name) LIKE coalesce(name_likes[1], '%')
          AND (cardinality(name_likes) < 2 OR search_fold(a.name) LIKE ALL (name_likes[2:]))
          AND (cardinality(name_patterns) = 0 OR search_fold(a.name) ~ ALL (name_patterns))
        ORDER BY a.created_at DESC, a.id DESC OFFSET 0) a
      JOIN chat_messages m ON m.id = a.message_id
      JOIN chat_threads t ON t.id = a.thread_id
      WHERE m.deleted_at IS NULL
        AND search_may_read(t.kind, t.is_public, t.id, all_staff_kinds, public_channels, member_kinds, member_threads)
        AND search_in_filters(a.uploaded_by, a.thread_id, m.created_at, by_author, in_thread, sent_before, sent_after)
      ORDER BY a.created_at DESC, a.id DESC LIMIT files_max) f
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
