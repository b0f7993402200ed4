import { route } from '@/lib/http/route';
import { reviewOverview } from '@/lib/review/chair-views';
import { requireSeeAll, reviewActor } from '@/lib/review/permissions';

/** Every submission with review counts and average scores (chair, managers). */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, roles }) => {
  requireSeeAll(await reviewActor(db, conference.id, user.id, roles));
  return reviewOverview(db, conference.id);
});
