-- A person whose last active staff record is deactivated is signed out everywhere, at
-- once, whichever code path deactivated them: their sessions are deleted in the same
-- transaction. (Session reads also check that the person is active.)
CREATE FUNCTION end_sessions_of_deactivated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM staff WHERE user_id = NEW.user_id AND is_active) THEN
    DELETE FROM session WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_deactivation_ends_sessions
  AFTER UPDATE OF is_active ON staff
  FOR EACH ROW WHEN (OLD.is_active AND NOT NEW.is_active)
  EXECUTE FUNCTION end_sessions_of_deactivated();
