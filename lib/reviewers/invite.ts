import { and, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { reviewer } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale } from '@/lib/i18n/localized';
import { localePath } from '@/lib/i18n/locale-path';
import { enqueueMail } from '@/lib/mail/outbox';
import type { Conference } from '@/lib/tenancy/resolve-conference';
import { newInvitationKey } from './keys';
import type { Reviewer } from './queries';
import type { AddReviewerInput } from './schemas';
import { reviewerGreeting } from '@/lib/review/mail';

/** Where the invitation is sent from: the site's origin and the inviting manager's language. */
export type InviteContext = { origin: string; locale: Locale };

/**
 * The invitation's language: the conference's own when it has one (Chinese only → zh, English only
 * → en); on a bilingual conference the language the inviting manager is using.
 */
export function invitationLocale(conference: Pick<Conference, 'languageType'>, managerLocale: Locale): Locale {
  if (conference.languageType === 1) return 'zh';
  if (conference.languageType === 2) return 'en';
  return managerLocale;
}

/** The activation address carried by the mail (the plain key exists only there). */
export function invitationLink(origin: string, locale: Locale, key: string): string {
  return `${origin}${localePath(locale, `/review/active/${key}`)}`;
}

/** Queues the invitation mail for `row` with `key`, in the caller's transaction. */
export async function queueInvitation(tx: Executor, conference: Conference, row: Reviewer, key: string, ctx: InviteContext) {
  const locale = invitationLocale(conference, ctx.locale);
  await enqueueMail(tx, {
    conferenceId: conference.id,
    to: row.email,
    template: 'reviewerInvitation',
    locale,
    vars: {
      name: reviewerGreeting(row),
      conference: localized(conference.title, locale) || conference.slug,
      link: invitationLink(ctx.origin, locale, key),
    },
  });
}

/**
 * POST review: invites one reviewer by email. The reviewer row (holding only the key's hash) and the
 * invitation mail are written in one transaction; an email already invited is refused.
 */
export async function addReviewer(db: DB, conference: Conference, input: AddReviewerInput, ctx: InviteContext): Promise<{ id: number }> {
  const { key, keyHash } = newInvitationKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviewer)
      .values({ ...input, conferenceId: conference.id, keyHash, locale: invitationLocale(conference, ctx.locale) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('REVIEWER_EXISTS');
    await queueInvitation(tx, conference, row, key, ctx);
    return { id: row.id };
  });
}

/**
 * POST review/mail: sends the invitation again with a new key; the old key stops working at once.
 * An active reviewer has nothing to activate (INVITATION_USED); a deactivated one may be invited again.
 */
export async function resendInvitation(db: DB, conference: Conference, id: number, ctx: InviteContext): Promise<{ id: number }> {
  const { key, keyHash } = newInvitationKey();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviewer)
      .set({ keyHash, invitedAt: sql`now()` })
      .where(and(eq(reviewer.conferenceId, conference.id), eq(reviewer.id, id), eq(reviewer.active, false)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: reviewer.id })
        .from(reviewer)
        .where(and(eq(reviewer.conferenceId, conference.id), eq(reviewer.id, id)));
      throw new AppError(exists ? 'INVITATION_USED' : 'REVIEWER_NOT_FOUND');
    }
    await queueInvitation(tx, conference, row, key, ctx);
    return { id: row.id };
  });
}
