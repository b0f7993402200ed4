import { route } from '@/lib/http/route';
import { decideSubmission } from '@/lib/review/decide';
import { requireDecide, reviewActor } from '@/lib/review/permissions';
import { ZDecide } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The chair's opinion, final opinion and decision (accepted, rejected, modify); not yet told to the authors. */
export const POST = route({ auth: 'user', body: ZDecide }, async ({ db, conference, user, roles, body }) => {
  requireDecide(await reviewActor(db, conference.id, user.id, roles));
  return decideSubmission(db, conference, body, user.id);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
