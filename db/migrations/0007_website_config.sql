ALTER TABLE "conference" ADD COLUMN "department" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "discipline" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "banner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;