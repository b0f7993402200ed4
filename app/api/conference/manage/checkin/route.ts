import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { checkIn } from '@/lib/onsite/check-in';
import { limitCheckinScan } from '@/lib/onsite/limits';
import { ZCheckinInput } from '@/lib/onsite/schemas';

/**
 * Checks a registrant in on a list, by scanned ticket (HMAC-checked every time) or by registration (found by
 * search): this conference's check-in staff and managers. Idempotent per client id (the phone's offline queue).
 */
export const POST = route({ auth: 'checkin', body: ZCheckinInput }, async ({ db, conference, user, body }) => {
  await limitCheckinScan(db, user.id);
  return checkIn(db, {
    conferenceId: conference.id,
    listId: body.listId,
    actorUserId: user.id,
    clientId: body.clientId,
    token: body.token,
    registrationId: body.registrationId,
    scannedAt: body.scannedAt ? new Date(body.scannedAt) : undefined,
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
