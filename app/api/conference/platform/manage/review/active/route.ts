import { route } from '@/lib/http/route';
import { activateReviewer } from '@/lib/reviewers/activate';
import { activeReviewerFor, reviewerStatus } from '@/lib/reviewers/queries';
import { ZActivate } from '@/lib/reviewers/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Whether the signed-in caller is an active reviewer of this conference, and with which role. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => {
  const row = await activeReviewerFor(db, conference.id, user.id);
  return row ? { active: true, reviewerId: row.id, role: row.role, status: reviewerStatus(row) } : { active: false };
});

/**
 * Activates an invitation with the activation form (public). The key alone proves nothing: an
 * existing account must be the signed-in caller, a new one needs the code emailed to the address.
 */
export const POST = route({ body: ZActivate }, async ({ db, conference, locale, body, user, ip }) => {
  const { reviewerId, newAccount } = await activateReviewer(db, conference.id, body, { caller: user, locale, ip });
  return { activated: true, reviewerId, newAccount };
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
