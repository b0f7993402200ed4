import { landingFor } from '@/lib/accounts/landing';
import { signIn } from '@/lib/accounts/sign-in';
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
 * A new account is signed in with the password it just chose (as sign-up does); `next` is where the
 * reviewer lands (landingPathFor: the review list, or /platform for an organiser).
 */
export const POST = route({ body: ZActivate }, async ({ db, conference, locale, body, user, ip, req, responseHeaders }) => {
  const activated = await activateReviewer(db, conference.id, body, { caller: user, locale, ip });
  if (activated.newAccount) {
    const session = await signIn(db, {
      email: activated.email,
      password: body.password ?? '',
      ip,
      headers: req.headers,
      justRegistered: true,
    });
    for (const cookie of session.setCookies) responseHeaders.append('set-cookie', cookie);
  }
  const { next } = await landingFor(db, { conferenceId: conference.id, userId: activated.userId, locale });
  return { activated: true, reviewerId: activated.reviewerId, newAccount: activated.newAccount, next };
});

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
