-- Invoices for the finance office (issue 22 point 5): ordinary or special VAT invoices, delivered by
-- email (the issued electronic invoice attached by the organiser) or by post (a tracking number).
-- Existing requests were all ordinary invoices posted to an address: they become 'ordinary' + 'post'.
ALTER TABLE "invoice_request" ADD COLUMN "delivery" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_request" ALTER COLUMN "delivery" DROP DEFAULT;--> statement-breakpoint
UPDATE "invoice_request" SET "type" = 'ordinary' WHERE "type" <> 'ordinary';--> statement-breakpoint
ALTER TABLE "invoice_request" ADD COLUMN "registered_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD COLUMN "registered_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD COLUMN "bank_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD COLUMN "bank_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD COLUMN "invoice_file_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_request" ALTER COLUMN "recipient_name" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "invoice_request" ALTER COLUMN "phone" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "invoice_request" ALTER COLUMN "address" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_invoice_file_id_uploaded_file_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_type_ck" CHECK ("invoice_request"."type" in ('ordinary', 'special'));--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_delivery_ck" CHECK ("invoice_request"."delivery" in ('email', 'post'));--> statement-breakpoint
CREATE TABLE "receipt_settings" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"payee_name" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"taxpayer_id" text DEFAULT '' NOT NULL,
	"number_prefix" text DEFAULT '' NOT NULL,
	"next_number" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_settings_next_ck" CHECK ("receipt_settings"."next_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "payment_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"receipt_no" text NOT NULL,
	"payee_name" jsonb NOT NULL,
	"taxpayer_id" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_settings" ADD CONSTRAINT "receipt_settings_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipt" ADD CONSTRAINT "payment_receipt_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_receipt" ADD CONSTRAINT "payment_receipt_bill_id_payment_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipt_bill_uq" ON "payment_receipt" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipt_no_uq" ON "payment_receipt" USING btree ("conference_id","receipt_no");
