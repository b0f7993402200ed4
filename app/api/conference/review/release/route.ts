import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { releaseResult } from '@/lib/review/decide';
import { requireDecide, reviewActor } from '@/lib/review/permissions';
import { ZRelease } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Releases a decided result: the authors see it and get the final-result mail. */
export const POST = route({ auth: 'user', body: ZRelease }, async ({ req, db, conference, user, roles, body }) => {
  requireDecide(await reviewActor(db, conference.id, user.id, roles));
  return releaseResult(db, conference.id, body.submissionId, user.id, originOf(req.headers));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
