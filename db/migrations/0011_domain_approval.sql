ALTER TABLE "conference_domain" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_domain" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_domain" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conference_domain" ADD COLUMN "decided_by" text;--> statement-breakpoint
-- Domains saved before approval existed were already in use: they stay in use.
UPDATE "conference_domain" SET "status" = 'approved', "decided_at" = now();
