ALTER TABLE "shift_assignments" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shift_assignments" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- The shift's times on its assignment (issue 28): the working-time rules read a person's
-- shifts over 52 weeks each side of a new one; by the span index that meant every shift
-- of the hospital in those two years, joined to its assignment and then filtered by
-- person. Copied from the shift when an assignment is made or moved, and when the
-- shift's times change (today only drafts change, and drafts have no assignments).
CREATE FUNCTION shift_assignments_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.starts_at, s.ends_at INTO NEW.starts_at, NEW.ends_at FROM shifts s WHERE s.id = NEW.shift_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shift_assignments_times
  BEFORE INSERT OR UPDATE OF shift_id ON shift_assignments
  FOR EACH ROW EXECUTE FUNCTION shift_assignments_times();
--> statement-breakpoint
CREATE FUNCTION shifts_times_to_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shift_assignments SET starts_at = NEW.starts_at, ends_at = NEW.ends_at WHERE shift_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shifts_times_to_assignments
  AFTER UPDATE OF starts_at, ends_at ON shifts
  FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at)
  EXECUTE FUNCTION shifts_times_to_assignments();
--> statement-breakpoint
UPDATE shift_assignments a SET starts_at = s.starts_at, ends_at = s.ends_at FROM shifts s WHERE s.id = a.shift_id;
--> statement-breakpoint
CREATE INDEX "shift_assignments_user_ends_idx" ON "shift_assignments" USING btree ("user_id","ends_at","starts_at","counts_for_fairness","method","shift_id","id") WHERE user_id is not null;
