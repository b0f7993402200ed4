CREATE TABLE "sso_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_origin" text NOT NULL,
	"challenge" text NOT NULL,
	"family" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "sso_family" text;--> statement-breakpoint
ALTER TABLE "sso_code" ADD CONSTRAINT "sso_code_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_code_expires_idx" ON "sso_code" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "session_sso_family_idx" ON "session" USING btree ("sso_family");