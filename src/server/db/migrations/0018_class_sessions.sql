CREATE TABLE "class_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"allow_rejoin" boolean NOT NULL,
	"show_report" boolean NOT NULL,
	"show_solution" boolean NOT NULL,
	"identity" text NOT NULL,
	"ends_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"joined" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_identity_check" CHECK ("class_sessions"."identity" in ('name', 'email'))
);
--> statement-breakpoint
CREATE TABLE "class_students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"runner_session_id" uuid,
	"display_name" text NOT NULL,
	"email" text,
	"token_hash" text NOT NULL,
	"resume_hash" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"revealed" text[] DEFAULT '{}'::text[] NOT NULL,
	"elicited" double precision,
	"draft" text DEFAULT '' NOT NULL,
	"hand_in" text,
	"handed_in_at" timestamp with time zone,
	"auto_handed_in" boolean DEFAULT false NOT NULL,
	"grade" jsonb,
	"report" jsonb
);
--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_config_id_experiment_leias_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."experiment_leias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_students" ADD CONSTRAINT "class_students_runner_session_id_runner_sessions_id_fk" FOREIGN KEY ("runner_session_id") REFERENCES "public"."runner_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_open_code_unique" ON "class_sessions" USING btree ("code") WHERE "class_sessions"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "class_sessions_experiment_idx" ON "class_sessions" USING btree ("experiment_id","created_at");--> statement-breakpoint
CREATE INDEX "class_sessions_due_idx" ON "class_sessions" USING btree ("ends_at") WHERE "class_sessions"."closed_at" is null and "class_sessions"."ends_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "class_students_token_unique" ON "class_students" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "class_students_resume_unique" ON "class_students" USING btree ("resume_hash");--> statement-breakpoint
CREATE INDEX "class_students_session_idx" ON "class_students" USING btree ("session_id","config_id");--> statement-breakpoint
CREATE INDEX "class_students_email_idx" ON "class_students" USING btree ("session_id",lower("email"));--> statement-breakpoint
CREATE INDEX "class_students_pending_idx" ON "class_students" USING btree ("session_id") WHERE "class_students"."handed_in_at" is null;