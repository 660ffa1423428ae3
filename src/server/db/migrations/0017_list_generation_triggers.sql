-- list_generation's one row grows whenever a LEIA list could answer differently, in the same
-- transaction as the change. What a list row shows: the LEIA's own columns and its owner's email
-- and role. Statement-level triggers: one bump per statement, however many rows it touched (the
-- is_latest trigger's own update bumps once more).
INSERT INTO list_generation (id, value) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION list_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_generation SET value = value + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leias_list_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leias
  FOR EACH STATEMENT EXECUTE FUNCTION list_generation_bump();
--> statement-breakpoint
CREATE TRIGGER users_list_generation AFTER UPDATE OF email, role OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_generation_bump();
