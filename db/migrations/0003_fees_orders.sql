CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "conference_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"registration_id" integer,
	"type" text NOT NULL,
	"fee_id" integer,
	"item_name" jsonb NOT NULL,
	"deadline" date,
	"unit_price_minor" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"room_quantity" integer,
	"total_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"display_currency" text NOT NULL,
	"display_total_minor" integer NOT NULL,
	"payment_method" text,
	"pay_status" text DEFAULT 'unpaid' NOT NULL,
	"order_status" text DEFAULT 'available' NOT NULL,
	"invalid_reason" text,
	"paid_at" timestamp with time zone,
	"business_code" text,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conference_order_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "conference_order_amount_ck" CHECK ("conference_order"."quantity" >= 1 and "conference_order"."total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_fee" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"category" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"display_currency" text DEFAULT 'CNY' NOT NULL,
	"display_price_minor" integer NOT NULL,
	"third_world_only" boolean DEFAULT false NOT NULL,
	"open_date" date,
	"deadline" date,
	"is_open" boolean DEFAULT true NOT NULL,
	"invitation_code" text DEFAULT '' NOT NULL,
	"language_scope" text DEFAULT 'all' NOT NULL,
	"cap" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"per_account_max" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_fee_used_ck" CHECK ("registration_fee"."used" >= 0 and ("registration_fee"."cap" is null or "registration_fee"."used" <= "registration_fee"."cap")),
	CONSTRAINT "registration_fee_price_ck" CHECK ("registration_fee"."price_minor" > 0 and "registration_fee"."display_price_minor" > 0 and "registration_fee"."per_account_max" >= 1)
);
--> statement-breakpoint
ALTER TABLE "registration_config" ADD COLUMN "rule_type" text DEFAULT 'REGISTER_FIRST_AND_PAY_LATER' NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_config" ADD COLUMN "code_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conference_order" ADD CONSTRAINT "conference_order_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_order" ADD CONSTRAINT "conference_order_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_order" ADD CONSTRAINT "conference_order_registration_id_conference_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."conference_registration"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_order" ADD CONSTRAINT "conference_order_fee_id_registration_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."registration_fee"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_conference_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."conference_order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_fee" ADD CONSTRAINT "registration_fee_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_order_user_idx" ON "conference_order" USING btree ("conference_id","user_id");--> statement-breakpoint
CREATE INDEX "conference_order_fee_idx" ON "conference_order" USING btree ("conference_id","fee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conference_order_one_per_fee_uq" ON "conference_order" USING btree ("conference_id","user_id","fee_id") WHERE "conference_order"."order_status" = 'available' and "conference_order"."fee_id" is not null;--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "registration_fee_conf_idx" ON "registration_fee" USING btree ("conference_id","kind");