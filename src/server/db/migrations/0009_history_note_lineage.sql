ALTER TABLE "leias" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "leias" ADD COLUMN "derived_from_id" uuid;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "derived_from_id" uuid;--> statement-breakpoint
ALTER TABLE "leias" ADD CONSTRAINT "leias_derived_from_id_leias_id_fk" FOREIGN KEY ("derived_from_id") REFERENCES "public"."leias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_derived_from_id_resources_id_fk" FOREIGN KEY ("derived_from_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leias_derived_from_idx" ON "leias" USING btree ("derived_from_id");--> statement-breakpoint
CREATE INDEX "resources_derived_from_idx" ON "resources" USING btree ("derived_from_id");