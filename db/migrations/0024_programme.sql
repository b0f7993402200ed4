-- The programme (issue 23): rooms, days, sessions, contributions (the draft), published versions, stars and
-- calendar feeds. See db/schema/programme.ts.
CREATE TABLE "programme_config" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"show_slides" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programme_contribution" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"session_id" integer,
	"submission_id" integer,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"title" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"abstract" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"presenter_author" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer DEFAULT 15 NOT NULL,
	"board_number" text DEFAULT '' NOT NULL,
	"presenter_state" text DEFAULT 'pending' NOT NULL,
	"presenter_answered_at" timestamp with time zone,
	"slides_file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_contribution_code_uq" UNIQUE("conference_id","code"),
	CONSTRAINT "programme_contribution_kind_ck" CHECK ("programme_contribution"."kind" in ('submission', 'keynote', 'invited', 'panel', 'other')),
	CONSTRAINT "programme_contribution_link_ck" CHECK (("programme_contribution"."kind" = 'submission') = ("programme_contribution"."submission_id" is not null)),
	CONSTRAINT "programme_contribution_duration_ck" CHECK ("programme_contribution"."duration_minutes" between 1 and 1440),
	CONSTRAINT "programme_contribution_presenter_ck" CHECK ("programme_contribution"."presenter_state" in ('pending', 'confirmed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "programme_day" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"day" date NOT NULL,
	"title" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	CONSTRAINT "programme_day_uq" UNIQUE("conference_id","day")
);
--> statement-breakpoint
CREATE TABLE "programme_feed" (
	"conference_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_feed_conference_id_user_id_pk" PRIMARY KEY("conference_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "programme_room" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"capacity" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "programme_room_capacity_ck" CHECK ("programme_room"."capacity" is null or "programme_room"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "programme_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"type" text NOT NULL,
	"room_id" integer,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer NOT NULL,
	"chairs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"theme_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_session_type_ck" CHECK ("programme_session"."type" in ('plenary', 'parallel', 'poster', 'workshop', 'break', 'social')),
	CONSTRAINT "programme_session_duration_ck" CHECK ("programme_session"."duration_minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "programme_star" (
	"conference_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"contribution_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_star_conference_id_user_id_contribution_id_pk" PRIMARY KEY("conference_id","user_id","contribution_id")
);
--> statement-breakpoint
CREATE TABLE "programme_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"number" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"book_state" text DEFAULT 'pending' NOT NULL,
	"book_zh_file_id" integer,
	"book_en_file_id" integer,
	CONSTRAINT "programme_version_uq" UNIQUE("conference_id","number"),
	CONSTRAINT "programme_version_book_ck" CHECK ("programme_version"."book_state" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "programme_config" ADD CONSTRAINT "programme_config_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_contribution" ADD CONSTRAINT "programme_contribution_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_contribution" ADD CONSTRAINT "programme_contribution_session_id_programme_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."programme_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_contribution" ADD CONSTRAINT "programme_contribution_submission_id_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submission"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_contribution" ADD CONSTRAINT "programme_contribution_slides_file_id_uploaded_file_id_fk" FOREIGN KEY ("slides_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_day" ADD CONSTRAINT "programme_day_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_feed" ADD CONSTRAINT "programme_feed_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_feed" ADD CONSTRAINT "programme_feed_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_room" ADD CONSTRAINT "programme_room_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session" ADD CONSTRAINT "programme_session_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session" ADD CONSTRAINT "programme_session_room_id_programme_room_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."programme_room"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_session" ADD CONSTRAINT "programme_session_theme_id_submission_session_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."submission_session"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_star" ADD CONSTRAINT "programme_star_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_star" ADD CONSTRAINT "programme_star_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_star" ADD CONSTRAINT "programme_star_contribution_id_programme_contribution_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."programme_contribution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_version" ADD CONSTRAINT "programme_version_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_version" ADD CONSTRAINT "programme_version_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_version" ADD CONSTRAINT "programme_version_book_zh_file_id_uploaded_file_id_fk" FOREIGN KEY ("book_zh_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_version" ADD CONSTRAINT "programme_version_book_en_file_id_uploaded_file_id_fk" FOREIGN KEY ("book_en_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_contribution_submission_uq" ON "programme_contribution" USING btree ("conference_id","submission_id") WHERE "programme_contribution"."submission_id" is not null;--> statement-breakpoint
CREATE INDEX "programme_contribution_session_idx" ON "programme_contribution" USING btree ("conference_id","session_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "programme_feed_token_uq" ON "programme_feed" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "programme_room_conf_idx" ON "programme_room" USING btree ("conference_id");--> statement-breakpoint
CREATE INDEX "programme_session_conf_idx" ON "programme_session" USING btree ("conference_id","starts_at");