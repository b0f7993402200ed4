CREATE TABLE "badge_settings" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"code" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "certificate_settings" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"title" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"body" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"signatory" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"signature_file" text DEFAULT '' NOT NULL,
	"seal_file" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_settings" ADD CONSTRAINT "badge_settings_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_registration_id_conference_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."conference_registration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_settings" ADD CONSTRAINT "certificate_settings_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_registration_uq" ON "certificate" USING btree ("conference_id","registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_code_uq" ON "certificate" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificate_unmailed_idx" ON "certificate" USING btree ("conference_id") WHERE "certificate"."mailed_at" is null;