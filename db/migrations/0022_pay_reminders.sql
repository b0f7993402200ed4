ALTER TABLE "conference_order" ADD COLUMN "pay_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "pay_reminder_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
-- A conference whose orders expire within a day is reminded halfway through instead.
UPDATE "payment_settings" SET "pay_reminder_minutes" = "order_expiry_minutes" / 2 WHERE "order_expiry_minutes" <= 1440;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_reminder_ck" CHECK ("payment_settings"."pay_reminder_minutes" >= 0 and "payment_settings"."pay_reminder_minutes" < "payment_settings"."order_expiry_minutes");