ALTER TABLE "experiment_leias" ADD COLUMN "transcription_source" text;--> statement-breakpoint
ALTER TABLE "experiment_leias" ADD COLUMN "transcription_updated_at" timestamp with time zone;