-- The trigger of 0003 now also keeps leias.is_latest_published: the highest published version of
-- each name, which is what everyone but an admin sees as "latest" among published LEIAs. A change
-- of publication counts as a change, like a change of name or version.
CREATE OR REPLACE FUNCTION leias_recompute_latest(names text[]) RETURNS void LANGUAGE sql AS $$
  WITH winner AS (
    SELECT DISTINCT ON (l.name) l.name, l.id
    FROM leias l
    WHERE l.name = ANY (names)
    ORDER BY l.name, l.major DESC, l.minor DESC, l.patch DESC
  ),
  published_winner AS (
    SELECT DISTINCT ON (l.name) l.name, l.id
    FROM leias l
    WHERE l.name = ANY (names) AND l.is_published
    ORDER BY l.name, l.major DESC, l.minor DESC, l.patch DESC
  ),
  flags AS (
    SELECT l.id, (l.id = w.id) AS latest, coalesce(l.id = p.id, false) AS latest_published
    FROM leias l
    JOIN winner w ON w.name = l.name
    LEFT JOIN published_winner p ON p.name = l.name
  )
  UPDATE leias l
  SET is_latest = f.latest, is_latest_published = f.latest_published
  FROM flags f
  WHERE l.id = f.id
    AND (l.is_latest IS DISTINCT FROM f.latest OR l.is_latest_published IS DISTINCT FROM f.latest_published);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION leias_refresh_latest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT name FROM leias_new);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT name FROM leias_old);
  ELSE
    -- Only a change of name, version or publication matters. Our own flag update changes none of
    -- them, so it touches no name and the recursion ends here.
    touched := ARRAY(
      SELECT unnest(ARRAY[o.name, n.name]) FROM leias_old o JOIN leias_new n ON n.id = o.id
      WHERE (o.name, o.major, o.minor, o.patch, o.is_published)
        IS DISTINCT FROM (n.name, n.major, n.minor, n.patch, n.is_published)
    );
  END IF;
  IF cardinality(touched) > 0 THEN
    PERFORM leias_recompute_latest(touched);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Rows stored before this migration get their flag now.
SELECT leias_recompute_latest(ARRAY(SELECT DISTINCT name FROM leias));
