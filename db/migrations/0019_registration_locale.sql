ALTER TABLE "conference_registration" ADD COLUMN "locale" text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
-- Registrations made before: the language of their confirmation mail, where the outbox has one.
UPDATE "conference_registration" r SET "locale" = m."locale"
  FROM (
    SELECT DISTINCT ON (o."conference_id", lower(o."to_address")) o."conference_id", lower(o."to_address") AS "address", o."locale"
      FROM "mail_outbox" o
     WHERE o."template" = 'registrationSuccess' AND o."locale" IN ('zh', 'en')
     ORDER BY o."conference_id", lower(o."to_address"), o."id" DESC
  ) m, "user" u
 WHERE u."id" = r."user_id" AND m."conference_id" = r."conference_id" AND m."address" = lower(u."email");
