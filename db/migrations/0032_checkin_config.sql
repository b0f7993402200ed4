CREATE TABLE "checkin_config" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"contact_search" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_config" ADD CONSTRAINT "checkin_config_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;