CREATE TABLE "appearance" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"home_template_id" integer,
	"page_template_id" integer,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"content" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"css" text DEFAULT '' NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"mobile_template_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "home_page_id" integer;--> statement-breakpoint
ALTER TABLE "appearance" ADD CONSTRAINT "appearance_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appearance" ADD CONSTRAINT "appearance_home_template_id_page_template_id_fk" FOREIGN KEY ("home_template_id") REFERENCES "public"."page_template"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appearance" ADD CONSTRAINT "appearance_page_template_id_page_template_id_fk" FOREIGN KEY ("page_template_id") REFERENCES "public"."page_template"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_template" ADD CONSTRAINT "page_template_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appearance_conf_idx" ON "appearance" USING btree ("conference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appearance_one_active_idx" ON "appearance" USING btree ("conference_id") WHERE "appearance"."active";--> statement-breakpoint
CREATE INDEX "page_template_conf_idx" ON "page_template" USING btree ("conference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_template_one_default_idx" ON "page_template" USING btree ("conference_id","type","is_mobile") WHERE "page_template"."is_default";