import { cancelPublication } from '@/lib/conferences/lifecycle';
import { route } from '@/lib/http/route';

/** Cancels the publication of this site's conference (its managers). */
export const POST = route({ auth: 'manager' }, async ({ db, conference, user }) => {
  await cancelPublication(db, { conferenceId: conference.id, userId: user.id });
  return { status: '1' };
});
