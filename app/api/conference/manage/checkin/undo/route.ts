import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { undoCheckIn } from '@/lib/onsite/check-in';
import { ZCheckinUndo } from '@/lib/onsite/schemas';

/** Undoes a registrant's check-in on a list (recorded with who and when; the history stays). */
export const POST = route({ auth: 'checkin', body: ZCheckinUndo }, async ({ db, conference, user, body }) =>
  undoCheckIn(db, { conferenceId: conference.id, listId: body.listId, registrationId: body.registrationId, actorUserId: user.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
