CREATE TABLE "fairness_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fairness_window" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "fairness_window_one_ck" CHECK (one)
);
--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD COLUMN "counts_for_fairness" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fairness_counts" ADD CONSTRAINT "fairness_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_assignments_counted_idx" ON "shift_assignments" USING btree ("assigned_at") WHERE counts_for_fairness;--> statement-breakpoint
-- The 90-day fairness count kept running (decisions.md § What counts for fairness): counting
-- a window's assignments on every assignment read a quarter of a million rows at the
-- benchmark's scale. `counts_for_fairness` says whether an assignment counts (its shift
-- is an extra shift), stored on the row so a deletion cascading from its shift still knows.
CREATE FUNCTION shift_assignments_counts_for_fairness() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.counts_for_fairness := NOT EXISTS (SELECT 1 FROM shifts s WHERE s.id = NEW.shift_id AND s.kind = 'roster');
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE shift_assignments sa
  SET counts_for_fairness = NOT EXISTS (SELECT 1 FROM shifts s WHERE s.id = sa.shift_id AND s.kind = 'roster');
--> statement-breakpoint
CREATE TRIGGER shift_assignments_counts_for_fairness
  BEFORE INSERT OR UPDATE ON shift_assignments
  FOR EACH ROW EXECUTE FUNCTION shift_assignments_counts_for_fairness();
--> statement-breakpoint
INSERT INTO fairness_window (since) VALUES (now() - interval '90 days');
--> statement-breakpoint
INSERT INTO fairness_counts (user_id, count)
  SELECT user_id, count(*) FROM shift_assignments
  WHERE counts_for_fairness AND user_id IS NOT NULL AND assigned_at > (SELECT since FROM fairness_window)
  GROUP BY user_id;
--> statement-breakpoint
-- Every statement that writes assignments adds what it brought into the window and takes
-- away what it removed, per person. It waits while the window moves (FOR SHARE against
-- the mover's FOR UPDATE), then reads where the window is now: nothing counted twice or
-- missed. A person deleted in the same statement (their assignments lose their id) has
-- no row left to change.
CREATE FUNCTION fairness_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM fairness_window FOR SHARE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fairness_counts AS c (user_id, count)
      SELECT n.user_id, count(*) FROM new_rows n, fairness_window w
      WHERE n.counts_for_fairness AND n.user_id IS NOT NULL AND n.assigned_at > w.since
      GROUP BY n.user_id
    ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE fairness_counts c SET count = c.count - d.n
      FROM (SELECT o.user_id, count(*) AS n FROM old_rows o, fairness_window w
            WHERE o.counts_for_fairness AND o.user_id IS NOT NULL AND o.assigned_at > w.since
            GROUP BY o.user_id) d
      WHERE c.user_id = d.user_id;
  ELSE
    WITH d AS (
      SELECT x.user_id, sum(x.delta)::int AS delta FROM (
        SELECT n.user_id, 1 AS delta FROM new_rows n, fairness_window w
          WHERE n.counts_for_fairness AND n.user_id IS NOT NULL AND n.assigned_at > w.since
        UNION ALL
        SELECT o.user_id, -1 FROM old_rows o, fairness_window w
          WHERE o.counts_for_fairness AND o.user_id IS NOT NULL AND o.assigned_at > w.since
      ) x GROUP BY x.user_id HAVING sum(x.delta) <> 0
    )
    INSERT INTO fairness_counts AS c (user_id, count)
      SELECT d.user_id, d.delta FROM d WHERE EXISTS (SELECT 1 FROM "user" u WHERE u.id = d.user_id)
    ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fairness_counts_after_insert AFTER INSERT ON shift_assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fairness_counts_follow();
--> statement-breakpoint
CREATE TRIGGER fairness_counts_after_update AFTER UPDATE ON shift_assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fairness_counts_follow();
--> statement-breakpoint
CREATE TRIGGER fairness_counts_after_delete AFTER DELETE ON shift_assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fairness_counts_follow();
--> statement-breakpoint
-- Moves the window's start to `to_since`, on (what leaves it is taken away) or back (what
-- comes back is added). The fairness job moves it on the hour; readers add the rest.
CREATE FUNCTION fairness_window_move(to_since timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  from_since timestamptz;
BEGIN
  SELECT since INTO from_since FROM fairness_window FOR UPDATE;
  IF to_since = from_since THEN RETURN; END IF;
  INSERT INTO fairness_counts AS c (user_id, count)
    SELECT user_id, sum(CASE WHEN assigned_at > to_since THEN 1 ELSE -1 END)::int
    FROM shift_assignments
    WHERE counts_for_fairness AND user_id IS NOT NULL
      AND assigned_at > least(from_since, to_since) AND assigned_at <= greatest(from_since, to_since)
    GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  UPDATE fairness_window SET since = to_since;
END
$$;
