import { route } from '@/lib/http/route';
import { reviewOverview } from '@/lib/review/chair-views';
import { requireSeeAll, reviewActor } from '@/lib/review/permissions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every submission with review counts and average scores (chair, managers). */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, roles }) => {
  requireSeeAll(await reviewActor(db, conference.id, user.id, roles));
  return reviewOverview(db, conference.id);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
