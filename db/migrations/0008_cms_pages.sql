CREATE TABLE "cms_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"content" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"mobile_page_id" integer,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_page" ADD CONSTRAINT "cms_page_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_page_conf_idx" ON "cms_page" USING btree ("conference_id","published");