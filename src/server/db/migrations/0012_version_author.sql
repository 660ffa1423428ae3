ALTER TABLE "leias" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "leias" ADD CONSTRAINT "leias_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;