CREATE TABLE "sso_flow" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"client_origin" text NOT NULL,
	"peer_origin" text NOT NULL,
	"challenge" text NOT NULL,
	"code_issued_at" timestamp with time zone,
	"pending_user_id" text,
	"pending_family" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Codes live a minute: those issued before this change, without a state, are dropped.
DELETE FROM "sso_code";--> statement-breakpoint
ALTER TABLE "sso_code" ADD COLUMN "state_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_flow" ADD CONSTRAINT "sso_flow_pending_user_id_user_id_fk" FOREIGN KEY ("pending_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_flow_expires_idx" ON "sso_flow" USING btree ("expires_at");