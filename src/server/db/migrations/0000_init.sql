CREATE TABLE "experiment_leias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" uuid NOT NULL,
	"leia_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"mode" text DEFAULT 'standard' NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_leias_mode_check" CHECK ("experiment_leias"."mode" in ('standard', 'transcription'))
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"patch" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"persona_id" uuid NOT NULL,
	"problem_id" uuid NOT NULL,
	"behaviour_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"api_version" text DEFAULT 'v1' NOT NULL,
	"name" text NOT NULL,
	"version" text NOT NULL,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"patch" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"owner_id" uuid NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_kind_check" CHECK ("resources"."kind" in ('persona', 'problem', 'behaviour'))
);
--> statement-breakpoint
CREATE TABLE "runner_messages" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"is_leia" boolean NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "runner_messages_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "runner_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"leia_id" uuid,
	"spec" jsonb NOT NULL,
	"system_prompt" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"experiment_context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'instructor', 'advanced'))
);
--> statement-breakpoint
ALTER TABLE "experiment_leias" ADD CONSTRAINT "experiment_leias_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_leias" ADD CONSTRAINT "experiment_leias_leia_id_leias_id_fk" FOREIGN KEY ("leia_id") REFERENCES "public"."leias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leias" ADD CONSTRAINT "leias_persona_id_resources_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leias" ADD CONSTRAINT "leias_problem_id_resources_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leias" ADD CONSTRAINT "leias_behaviour_id_resources_id_fk" FOREIGN KEY ("behaviour_id") REFERENCES "public"."resources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leias" ADD CONSTRAINT "leias_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_messages" ADD CONSTRAINT "runner_messages_session_id_runner_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."runner_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_sessions" ADD CONSTRAINT "runner_sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_sessions" ADD CONSTRAINT "runner_sessions_leia_id_leias_id_fk" FOREIGN KEY ("leia_id") REFERENCES "public"."leias"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experiment_leias_experiment_idx" ON "experiment_leias" USING btree ("experiment_id","position");--> statement-breakpoint
CREATE INDEX "experiment_leias_leia_idx" ON "experiment_leias" USING btree ("leia_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiments_name_unique" ON "experiments" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "leias_name_version_unique" ON "leias" USING btree ("name","version");--> statement-breakpoint
CREATE INDEX "leias_name_semver_idx" ON "leias" USING btree ("name","major","minor","patch");--> statement-breakpoint
CREATE INDEX "leias_created_idx" ON "leias" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leias_owner_idx" ON "leias" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "leias_persona_idx" ON "leias" USING btree ("persona_id");--> statement-breakpoint
CREATE INDEX "leias_problem_idx" ON "leias" USING btree ("problem_id");--> statement-breakpoint
CREATE INDEX "leias_behaviour_idx" ON "leias" USING btree ("behaviour_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_kind_name_version_unique" ON "resources" USING btree ("kind","name","version");--> statement-breakpoint
CREATE INDEX "resources_kind_name_semver_idx" ON "resources" USING btree ("kind","name","major","minor","patch");--> statement-breakpoint
CREATE INDEX "resources_owner_idx" ON "resources" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "runner_sessions_owner_idx" ON "runner_sessions" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));