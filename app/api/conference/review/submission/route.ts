import { route } from '@/lib/http/route';
import { submissionReviewDetail } from '@/lib/review/chair-views';
import { requireSeeAll, reviewActor } from '@/lib/review/permissions';
import { ZIdQuery } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One submission in full with every review (chair, managers). */
export const GET = route({ auth: 'user', query: ZIdQuery }, async ({ db, conference, user, roles, query }) => {
  requireSeeAll(await reviewActor(db, conference.id, user.id, roles));
  return submissionReviewDetail(db, conference.id, query.id);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
