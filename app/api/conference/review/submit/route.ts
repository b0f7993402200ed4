import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { submitReview } from '@/lib/review/score';
import { ZSubmitReview } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The assigned reviewer submits scores and opinion, once. */
export const POST = route({ auth: 'user', body: ZSubmitReview }, async ({ req, db, conference, user, body }) =>
  submitReview(db, conference.id, user.id, body, originOf(req.headers)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
