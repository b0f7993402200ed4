CREATE TABLE "payment_bill" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"bill_no" text NOT NULL,
	"user_id" text NOT NULL,
	"method_kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"provider_txn_id" text,
	"pay_url" text,
	"locale" text DEFAULT 'zh' NOT NULL,
	"slip_file_id" integer,
	"payer_note" text DEFAULT '' NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_bill_bill_no_unique" UNIQUE("bill_no"),
	CONSTRAINT "payment_bill_amount_ck" CHECK ("payment_bill"."amount_minor" > 0 and "payment_bill"."refunded_minor" >= 0 and "payment_bill"."refunded_minor" <= "payment_bill"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "payment_bill_order" (
	"bill_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"conference_id" integer NOT NULL,
	CONSTRAINT "payment_bill_order_bill_id_order_id_pk" PRIMARY KEY("bill_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_exception" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"method_kind" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"event" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"result" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_amount_ck" CHECK ("payment_refund"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"order_expiry_minutes" integer DEFAULT 4320 NOT NULL,
	"bill_expiry_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_ck" CHECK ("payment_settings"."order_expiry_minutes" >= 10 and "payment_settings"."bill_expiry_minutes" >= 5)
);
--> statement-breakpoint
ALTER TABLE "payment_bill" ADD CONSTRAINT "payment_bill_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bill" ADD CONSTRAINT "payment_bill_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bill" ADD CONSTRAINT "payment_bill_slip_file_id_uploaded_file_id_fk" FOREIGN KEY ("slip_file_id") REFERENCES "public"."uploaded_file"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bill_order" ADD CONSTRAINT "payment_bill_order_bill_id_payment_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_bill_order" ADD CONSTRAINT "payment_bill_order_order_id_conference_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."conference_order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_bill_id_payment_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_exception" ADD CONSTRAINT "payment_exception_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_exception" ADD CONSTRAINT "payment_exception_bill_id_payment_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notification" ADD CONSTRAINT "payment_notification_bill_id_payment_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_bill_id_payment_bill_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."payment_bill"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_bill_user_idx" ON "payment_bill" USING btree ("conference_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_bill_status_idx" ON "payment_bill" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_bill_order_order_idx" ON "payment_bill_order" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_event_bill_idx" ON "payment_event" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "payment_exception_conf_idx" ON "payment_exception" USING btree ("conference_id","resolved");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_kind_uq" ON "payment_method" USING btree ("conference_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notification_txn_uq" ON "payment_notification" USING btree ("method_kind","provider_txn_id","event");--> statement-breakpoint
CREATE INDEX "payment_refund_bill_idx" ON "payment_refund" USING btree ("bill_id");