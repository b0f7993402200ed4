CREATE TABLE "ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"nonce" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_registration_id_conference_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."conference_registration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_revoked_by_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_live_uq" ON "ticket" USING btree ("conference_id","registration_id") WHERE "ticket"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_generation_uq" ON "ticket" USING btree ("conference_id","registration_id","generation");--> statement-breakpoint
CREATE INDEX "ticket_registration_idx" ON "ticket" USING btree ("registration_id");