CREATE TABLE "conference_mail_config" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"ssl" boolean DEFAULT true NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_enc" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_campaign" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"subject" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_template_override" (
	"conference_id" integer NOT NULL,
	"template" text NOT NULL,
	"subject" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_template_override_conference_id_template_pk" PRIMARY KEY("conference_id","template")
);
--> statement-breakpoint
CREATE TABLE "identity_provider" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'organisation' NOT NULL,
	"slug" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"entity_id" text DEFAULT '' NOT NULL,
	"federation" text DEFAULT 'local' NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text DEFAULT '' NOT NULL,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"home_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"shortcut_order" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "oidc_login_state" (
	"state" text PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"conference_id" integer,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"return_path" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit" (
	"id" integer PRIMARY KEY NOT NULL,
	"zh_title" text NOT NULL,
	"en_title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identity" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_material" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"audience" text DEFAULT 'registrants' NOT NULL,
	"file" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"file" jsonb,
	"locale" text DEFAULT 'zh' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_reply" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"feedback_id" integer NOT NULL,
	"author_id" text,
	"content" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_read" (
	"notice_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "conference_mail_config" ADD CONSTRAINT "conference_mail_config_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaign" ADD CONSTRAINT "mail_campaign_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_campaign" ADD CONSTRAINT "mail_campaign_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_template_override" ADD CONSTRAINT "mail_template_override_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_login_state" ADD CONSTRAINT "oidc_login_state_provider_id_identity_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_login_state" ADD CONSTRAINT "oidc_login_state_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity" ADD CONSTRAINT "user_identity_provider_id_identity_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_provider"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identity" ADD CONSTRAINT "user_identity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_material" ADD CONSTRAINT "download_material_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_material" ADD CONSTRAINT "download_material_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reply" ADD CONSTRAINT "feedback_reply_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reply" ADD CONSTRAINT "feedback_reply_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_reply" ADD CONSTRAINT "feedback_reply_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice" ADD CONSTRAINT "notice_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_notice_id_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_read" ADD CONSTRAINT "notice_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_campaign_conference_idx" ON "mail_campaign" USING btree ("conference_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_provider_one_central" ON "identity_provider" USING btree ("kind") WHERE "identity_provider"."kind" = 'central' and "identity_provider"."enabled";--> statement-breakpoint
CREATE INDEX "oidc_login_state_expiry_idx" ON "oidc_login_state" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identity_subject_idx" ON "user_identity" USING btree ("provider_id","subject");--> statement-breakpoint
CREATE INDEX "user_identity_user_idx" ON "user_identity" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "download_material_conference_idx" ON "download_material" USING btree ("conference_id","sort_order");--> statement-breakpoint
CREATE INDEX "feedback_conference_idx" ON "feedback" USING btree ("conference_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("conference_id","user_id");--> statement-breakpoint
CREATE INDEX "feedback_reply_feedback_idx" ON "feedback_reply" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "notice_conference_idx" ON "notice" USING btree ("conference_id","published_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_campaign_id_mail_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."mail_campaign"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_campaign_idx" ON "mail_outbox" USING btree ("campaign_id");--> statement-breakpoint
INSERT INTO "mail_template_override" ("conference_id", "template", "subject", "body")
SELECT "conference_id", 'hotelBooking', "mail_template"->'subject', "mail_template"->'body' FROM "hotel_config" WHERE "mail_template" IS NOT NULL;
