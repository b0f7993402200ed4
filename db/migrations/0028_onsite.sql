CREATE TABLE "checkin" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"ticket_id" integer,
	"method" text NOT NULL,
	"client_id" text,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone,
	"checked_in_by" text,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
CREATE TABLE "checkin_list" (
	"id" serial PRIMARY KEY NOT NULL,
	"conference_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "checkin_list_kind_ck" CHECK (("checkin_list"."kind" = 'door' and "checkin_list"."fee_id" is null) or ("checkin_list"."kind" = 'fee' and "checkin_list"."fee_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_list_id_checkin_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_registration_id_conference_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."conference_registration"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_ticket_id_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_checked_in_by_user_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin" ADD CONSTRAINT "checkin_undone_by_user_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list" ADD CONSTRAINT "checkin_list_conference_id_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conference"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list" ADD CONSTRAINT "checkin_list_fee_id_registration_fee_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."registration_fee"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_active_uq" ON "checkin" USING btree ("list_id","registration_id") WHERE "checkin"."undone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_client_uq" ON "checkin" USING btree ("conference_id","client_id");--> statement-breakpoint
CREATE INDEX "checkin_conference_time_idx" ON "checkin" USING btree ("conference_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "checkin_registration_idx" ON "checkin" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_list_door_uq" ON "checkin_list" USING btree ("conference_id") WHERE "checkin_list"."kind" = 'door';--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_list_fee_uq" ON "checkin_list" USING btree ("conference_id","fee_id");