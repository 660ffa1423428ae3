-- Filled in for existing rows by the server at start (src/server/services/leia-views.ts), since it
-- takes the generation engine to compute.
ALTER TABLE "leias" ADD COLUMN "restricted_spec" jsonb;