import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { scanTicket } from '@/lib/onsite/check-in';
import { limitCheckinScan } from '@/lib/onsite/limits';
import { ZCheckinScan } from '@/lib/onsite/schemas';

/** A scanned ticket on a list, before the tap that checks in: its holder's name, organisation and state, or why it is refused. */
export const POST = route({ auth: 'checkin', body: ZCheckinScan }, async ({ db, conference, user, body }) => {
  await limitCheckinScan(db, user.id);
  return scanTicket(db, { conferenceId: conference.id, listId: body.listId, token: body.token });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
