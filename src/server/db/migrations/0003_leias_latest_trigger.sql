-- leias.is_latest marks the highest version of each name, so Search's "latest only" over everything
-- (what an admin sees) is an indexed flag instead of a per-row anti-join. Statement-level triggers
-- with transition tables recompute only the names a statement touched: one pass for a bulk import,
-- not one per row.
CREATE FUNCTION leias_recompute_latest(names text[]) RETURNS void LANGUAGE sql AS $$
  WITH winner AS (
    SELECT DISTINCT ON (l.name) l.name, l.id
    FROM leias l
    WHERE l.name = ANY (names)
    ORDER BY l.name, l.major DESC, l.minor DESC, l.patch DESC
  )
  UPDATE leias l
  SET is_latest = (l.id = w.id)
  FROM winner w
  WHERE l.name = w.name AND l.is_latest IS DISTINCT FROM (l.id = w.id);
$$;
--> statement-breakpoint
CREATE FUNCTION leias_refresh_latest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT name FROM leias_new);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT name FROM leias_old);
  ELSE
    -- Only a change of name or version matters. Our own is_latest update changes neither, so it
    -- touches no name and the recursion ends here.
    touched := ARRAY(
      SELECT unnest(ARRAY[o.name, n.name]) FROM leias_old o JOIN leias_new n ON n.id = o.id
      WHERE (o.name, o.major, o.minor, o.patch) IS DISTINCT FROM (n.name, n.major, n.minor, n.patch)
    );
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM leias_recompute_latest(touched);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leias_latest_after_insert AFTER INSERT ON leias
  REFERENCING NEW TABLE AS leias_new FOR EACH STATEMENT EXECUTE FUNCTION leias_refresh_latest();
--> statement-breakpoint
CREATE TRIGGER leias_latest_after_delete AFTER DELETE ON leias
  REFERENCING OLD TABLE AS leias_old FOR EACH STATEMENT EXECUTE FUNCTION leias_refresh_latest();
--> statement-breakpoint
CREATE TRIGGER leias_latest_after_update AFTER UPDATE ON leias
  REFERENCING OLD TABLE AS leias_old NEW TABLE AS leias_new FOR EACH STATEMENT EXECUTE FUNCTION leias_refresh_latest();
