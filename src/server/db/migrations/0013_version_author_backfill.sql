-- Versions made before authors were recorded: their owner is the best knowledge of who made them.
UPDATE "resources" SET "author_id" = "owner_id" WHERE "author_id" IS NULL;--> statement-breakpoint
UPDATE "leias" SET "author_id" = "owner_id" WHERE "author_id" IS NULL;
