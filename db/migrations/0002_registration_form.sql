CREATE TABLE "registration_field" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"version" text DEFAULT 'default' NOT NULL,
	"field_key" text NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"label" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_field_key_uq" UNIQUE("conference_id","version","field_key")
);
--> statement-breakpoint
ALTER TABLE "registration_config" ADD COLUMN "country_options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_registration" ADD COLUMN "answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_field" ADD CONSTRAINT "registration_field_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_field_conf_idx" ON "registration_field" USING btree ("conference_id","version");