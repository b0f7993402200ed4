import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { checkinCounts } from '@/lib/onsite/counts';

/** Live counts for the organiser: checked-in / expected per list, and check-ins by hour. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) =>
  checkinCounts(db, { conferenceId: conference.id, timeZone: conference.timeZone }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
