CREATE TABLE "review_assignment" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"scores" jsonb,
	"opinion" text DEFAULT '' NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_config" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blind" boolean DEFAULT true NOT NULL,
	"scales" jsonb DEFAULT '{"overall":{"min":1,"max":10},"relevance":{"min":1,"max":5},"englishLevel":{"min":1,"max":5},"originality":{"min":1,"max":5},"recommend":{"min":1,"max":5}}'::jsonb NOT NULL,
	"reviewers_per_submission" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_conflict" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"declared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_conflict_uq" UNIQUE("reviewer_id","submission_id")
);
--> statement-breakpoint
CREATE TABLE "reviewer" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"last_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"direction" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'reviewer' NOT NULL,
	"locale" text DEFAULT 'zh' NOT NULL,
	"session_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"key_hash" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"session_id" integer,
	"report_type" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"abstract_file_id" integer,
	"full_text_file_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"decision" text,
	"chair_opinion" text DEFAULT '' NOT NULL,
	"final_opinion" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"locale" text DEFAULT 'zh' NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_code_uq" UNIQUE("conference_id","code")
);
--> statement-breakpoint
CREATE TABLE "submission_author" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"corresponding" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_config" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"notice" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"open_date" date,
	"first_deadline" date,
	"second_deadline" date,
	"cap" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"report_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords_min" integer DEFAULT 1 NOT NULL,
	"keywords_max" integer DEFAULT 8 NOT NULL,
	"abstract_max_chars" integer DEFAULT 3000 NOT NULL,
	"abstract_file_required" boolean DEFAULT false NOT NULL,
	"abstract_file_types" jsonb DEFAULT '["pdf","doc","docx"]'::jsonb NOT NULL,
	"abstract_file_max_mb" integer DEFAULT 10 NOT NULL,
	"full_text_required" boolean DEFAULT false NOT NULL,
	"full_text_types" jsonb DEFAULT '["pdf","doc","docx"]'::jsonb NOT NULL,
	"full_text_max_mb" integer DEFAULT 20 NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"fee_currency" text DEFAULT 'CNY' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_config_cap_ck" CHECK ("submission_config"."cap" >= 0 and "submission_config"."per_user_limit" >= 0 and "submission_config"."used" >= 0 and "submission_config"."fee_minor" >= 0),
	CONSTRAINT "submission_config_used_ck" CHECK ("submission_config"."cap" = 0 or "submission_config"."used" <= "submission_config"."cap")
);
--> statement-breakpoint
CREATE TABLE "submission_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"parent_id" integer,
	"name" jsonb NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submission_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"submission_id" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_version_uq" UNIQUE("submission_id","version")
);
--> statement-breakpoint
ALTER TABLE "review_assignment" ADD CONSTRAINT "review_assignment_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignment" ADD CONSTRAINT "review_assignment_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignment" ADD CONSTRAINT "review_assignment_reviewer_id_reviewer_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewer"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_config" ADD CONSTRAINT "review_config_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflict" ADD CONSTRAINT "review_conflict_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflict" ADD CONSTRAINT "review_conflict_reviewer_id_reviewer_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_conflict" ADD CONSTRAINT "review_conflict_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer" ADD CONSTRAINT "reviewer_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewer" ADD CONSTRAINT "reviewer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_session_id_submission_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."submission_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_abstract_file_id_uploaded_file_id_fk" FOREIGN KEY ("abstract_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_full_text_file_id_uploaded_file_id_fk" FOREIGN KEY ("full_text_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission" ADD CONSTRAINT "submission_order_id_conference_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."conference_order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_author" ADD CONSTRAINT "submission_author_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_author" ADD CONSTRAINT "submission_author_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_config" ADD CONSTRAINT "submission_config_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_event" ADD CONSTRAINT "submission_event_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_event" ADD CONSTRAINT "submission_event_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_session" ADD CONSTRAINT "submission_session_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_version" ADD CONSTRAINT "submission_version_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_version" ADD CONSTRAINT "submission_version_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_assignment_uq" ON "review_assignment" USING btree ("submission_id","reviewer_id","version") WHERE "review_assignment"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "review_assignment_reviewer_idx" ON "review_assignment" USING btree ("conference_id","reviewer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_email_uq" ON "reviewer" USING btree ("conference_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "reviewer_key_uq" ON "reviewer" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "reviewer_user_idx" ON "reviewer" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submission_user_idx" ON "submission" USING btree ("conference_id","user_id");--> statement-breakpoint
CREATE INDEX "submission_status_idx" ON "submission" USING btree ("conference_id","status");--> statement-breakpoint
CREATE INDEX "submission_session_idx" ON "submission" USING btree ("conference_id","session_id");--> statement-breakpoint
CREATE INDEX "submission_author_sub_idx" ON "submission_author" USING btree ("submission_id","sort_order");--> statement-breakpoint
CREATE INDEX "submission_author_email_idx" ON "submission_author" USING btree ("conference_id","email");--> statement-breakpoint
CREATE INDEX "submission_event_sub_idx" ON "submission_event" USING btree ("submission_id","at");--> statement-breakpoint
CREATE INDEX "submission_session_conf_idx" ON "submission_session" USING btree ("conference_id","parent_id");