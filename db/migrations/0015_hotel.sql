CREATE TABLE "hotel" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"stars" integer DEFAULT 0 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"address" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"photo" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_stars_ck" CHECK ("hotel"."stars" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "hotel_booking" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"nights" integer NOT NULL,
	"rooms" integer NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"guests" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"order_id" integer,
	"locale" text DEFAULT 'zh' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_booking_dates_ck" CHECK ("hotel_booking"."check_in" < "hotel_booking"."check_out" and "hotel_booking"."nights" = ("hotel_booking"."check_out" - "hotel_booking"."check_in")),
	CONSTRAINT "hotel_booking_rooms_ck" CHECK ("hotel_booking"."rooms" >= 1)
);
--> statement-breakpoint
CREATE TABLE "hotel_config" (
	"conference_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"booking_start" date,
	"booking_end" date,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"display_currency" text DEFAULT 'CNY' NOT NULL,
	"description" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"require_accepted_abstract" boolean DEFAULT false NOT NULL,
	"max_bookings_per_user" integer DEFAULT 1 NOT NULL,
	"mail_template" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_config_dates_ck" CHECK ("hotel_config"."booking_start" is null or "hotel_config"."booking_end" is null or "hotel_config"."booking_start" <= "hotel_config"."booking_end"),
	CONSTRAINT "hotel_config_max_ck" CHECK ("hotel_config"."max_bookings_per_user" >= 1)
);
--> statement-breakpoint
CREATE TABLE "hotel_room_night" (
	"conference_id" integer NOT NULL,
	"room_type_id" integer NOT NULL,
	"night" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hotel_room_night_room_type_id_night_pk" PRIMARY KEY("room_type_id","night"),
	CONSTRAINT "hotel_room_night_booked_ck" CHECK ("hotel_room_night"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hotel_room_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"price_stale" boolean DEFAULT false NOT NULL,
	"display_price_minor" integer NOT NULL,
	"display_currency" text NOT NULL,
	"total_rooms" integer NOT NULL,
	"min_per_person" integer DEFAULT 1 NOT NULL,
	"max_per_person" integer DEFAULT 1 NOT NULL,
	"check_in_start" date NOT NULL,
	"check_in_end" date NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_room_type_price_ck" CHECK ("hotel_room_type"."price_minor" > 0 and "hotel_room_type"."display_price_minor" > 0),
	CONSTRAINT "hotel_room_type_rooms_ck" CHECK ("hotel_room_type"."min_per_person" >= 1 and "hotel_room_type"."max_per_person" >= "hotel_room_type"."min_per_person" and "hotel_room_type"."total_rooms" >= "hotel_room_type"."max_per_person"),
	CONSTRAINT "hotel_room_type_dates_ck" CHECK ("hotel_room_type"."check_in_start" <= "hotel_room_type"."check_in_end")
);
--> statement-breakpoint
ALTER TABLE "hotel" ADD CONSTRAINT "hotel_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_booking" ADD CONSTRAINT "hotel_booking_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_booking" ADD CONSTRAINT "hotel_booking_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_booking" ADD CONSTRAINT "hotel_booking_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_booking" ADD CONSTRAINT "hotel_booking_room_type_id_hotel_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."hotel_room_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_booking" ADD CONSTRAINT "hotel_booking_order_id_conference_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."conference_order"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_config" ADD CONSTRAINT "hotel_config_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_room_night" ADD CONSTRAINT "hotel_room_night_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_room_night" ADD CONSTRAINT "hotel_room_night_room_type_id_hotel_room_type_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."hotel_room_type"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_room_type" ADD CONSTRAINT "hotel_room_type_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_room_type" ADD CONSTRAINT "hotel_room_type_hotel_id_hotel_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotel"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_conf_idx" ON "hotel" USING btree ("conference_id");--> statement-breakpoint
CREATE INDEX "hotel_booking_user_idx" ON "hotel_booking" USING btree ("conference_id","user_id");--> statement-breakpoint
CREATE INDEX "hotel_booking_room_idx" ON "hotel_booking" USING btree ("conference_id","room_type_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_booking_order_uq" ON "hotel_booking" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "hotel_room_type_hotel_idx" ON "hotel_room_type" USING btree ("conference_id","hotel_id");