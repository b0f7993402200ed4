import { route } from '@/lib/http/route';
import { requireOwnReviewer, reviewActor } from '@/lib/review/permissions';
import { ZIdQuery } from '@/lib/review/schemas';
import { assignmentView } from '@/lib/review/views';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One of the caller's assignments as a reviewer may see it (blind review hides the authors). */
export const GET = route({ auth: 'user', query: ZIdQuery }, async ({ db, conference, user, roles, query }) => {
  const actor = await reviewActor(db, conference.id, user.id, roles);
  return assignmentView(db, conference.id, requireOwnReviewer(actor), query.id);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
