CREATE TABLE "list_generation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_generation_one_row" CHECK ("list_generation"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "leias_views_missing_idx" ON "leias" USING btree ("id") WHERE "leias"."restricted_spec" is null;