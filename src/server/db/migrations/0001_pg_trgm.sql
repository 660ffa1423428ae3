-- Trigram indexes make the LEIA search's case-insensitive "contains" fast (see leias_search_trgm).
-- pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it; PGlite
-- loads it through the `extensions` option in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
