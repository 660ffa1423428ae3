ALTER TABLE "leias" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || chr(10) || "description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "leias" ADD COLUMN "is_latest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "leias_search_trgm" ON "leias" USING gin ("search_text" gin_trgm_ops);