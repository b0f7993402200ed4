import { route } from '@/lib/http/route';
import { declareOwnConflict } from '@/lib/review/declare-conflict';
import { requireOwnReviewer, reviewActor } from '@/lib/review/permissions';
import { ZDeclareConflict } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A reviewer declares a conflict of interest with a submission assigned to them; the assignment is taken back. */
export const POST = route({ auth: 'user', body: ZDeclareConflict }, async ({ db, conference, user, roles, body }) => {
  const actor = await reviewActor(db, conference.id, user.id, roles);
  await declareOwnConflict(db, conference.id, requireOwnReviewer(actor), body.assignmentId, body.reason);
  return { ok: true };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
