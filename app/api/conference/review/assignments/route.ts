import { route } from '@/lib/http/route';
import { requireOwnReviewer, reviewActor } from '@/lib/review/permissions';
import { myAssignments } from '@/lib/review/views';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The caller's own review assignments (a reviewer of this conference). */
export const GET = route({ auth: 'user' }, async ({ db, conference, user, roles }) => {
  const actor = await reviewActor(db, conference.id, user.id, roles);
  return myAssignments(db, conference.id, requireOwnReviewer(actor).id);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
