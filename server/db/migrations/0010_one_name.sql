-- One source for a person's name (decisions.md § Users): first and last name in
-- `profiles`. `full_name` is made from them, and better-auth's `user.name` follows it, in
-- the same statement, whichever code path wrote the profile; so the copies cannot drift.
CREATE FUNCTION profiles_derive_full_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A profile made from a one-word account name may have no parts yet; it keeps its name.
  IF NEW.first_name IS NOT NULL OR NEW.last_name IS NOT NULL THEN
    NEW.full_name := btrim(concat_ws(' ', NEW.first_name, NEW.last_name));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_full_name
  BEFORE INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_derive_full_name();
--> statement-breakpoint
CREATE FUNCTION profiles_name_to_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user" SET name = NEW.full_name, updated_at = now()
    WHERE id = NEW.user_id AND name IS DISTINCT FROM NEW.full_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_name_to_user
  AFTER INSERT OR UPDATE ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_name_to_user();
--> statement-breakpoint
UPDATE profiles SET first_name = first_name;
