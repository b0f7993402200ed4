import { route } from '@/lib/http/route';
import { cancelAssignment } from '@/lib/review/assign';
import { ZUnassign } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A manager takes back an assignment not yet reviewed. */
export const POST = route({ auth: 'manager', body: ZUnassign, changesSite: false }, async ({ db, conference, user, body }) => {
  await cancelAssignment(db, conference.id, body.assignmentId, user.id);
  return { ok: true };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
