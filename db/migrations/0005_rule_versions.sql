CREATE TABLE "registration_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"version" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"rule_type" text DEFAULT 'REGISTER_FIRST_AND_PAY_LATER' NOT NULL,
	"costs_set" boolean DEFAULT false NOT NULL,
	"register_flag" boolean DEFAULT false NOT NULL,
	"register_num" integer DEFAULT 1000 NOT NULL,
	"code_prefix" text DEFAULT '' NOT NULL,
	"description" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_rule_version_uq" UNIQUE("conference_id","version")
);
--> statement-breakpoint
ALTER TABLE "registration_rule" ADD CONSTRAINT "registration_rule_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;