import { cancelPublication } from '@/lib/conferences/lifecycle';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Cancels the publication of this site's conference (its managers). */
export const POST = route({ auth: 'manager' }, async ({ db, conference, user }) => {
  await cancelPublication(db, { conferenceId: conference.id, userId: user.id });
  return { status: '1' };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
