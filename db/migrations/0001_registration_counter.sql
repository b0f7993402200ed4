ALTER TABLE "conference" ADD COLUMN "registered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conference" ADD COLUMN "registration_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "conference" c SET "registered_count" = r.n, "registration_seq" = r.n FROM (SELECT "conference_id", count(*)::int AS n FROM "conference_registration" GROUP BY "conference_id") r WHERE r."conference_id" = c."id";
