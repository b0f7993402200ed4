CREATE TABLE "invoice_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"actor_user_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"type" text DEFAULT 'ordinary' NOT NULL,
	"content" text DEFAULT 'goodsDetail' NOT NULL,
	"title_type" text NOT NULL,
	"title" text NOT NULL,
	"taxpayer_id" text DEFAULT '' NOT NULL,
	"recipient_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"attendees" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unbilled' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"invoiced_at" timestamp with time zone,
	"locale" text DEFAULT 'zh' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "invoice_request_status_ck" CHECK ("invoice_request"."status" in ('unbilled', 'toBeInvoiced', 'invoiced')),
	CONSTRAINT "invoice_request_title_type_ck" CHECK ("invoice_request"."title_type" in ('personal', 'company')),
	CONSTRAINT "invoice_request_amount_ck" CHECK ("invoice_request"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_event" ADD CONSTRAINT "invoice_event_invoice_id_invoice_request_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice_request"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_order_id_conference_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."conference_order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_request" ADD CONSTRAINT "invoice_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_event_invoice_idx" ON "invoice_event" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_request_order_uq" ON "invoice_request" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_request_conf_idx" ON "invoice_request" USING btree ("conference_id","status","created_at");--> statement-breakpoint
CREATE INDEX "invoice_request_user_idx" ON "invoice_request" USING btree ("conference_id","user_id");