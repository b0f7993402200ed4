import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { feeListSwitches, setFeeCheckinList } from '@/lib/onsite/lists';
import { ZCheckinFeeList } from '@/lib/onsite/schemas';

/** The optional fees and whether each needs check-in (a banquet, a workshop): managers. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => ({
  fees: await feeListSwitches(db, { conferenceId: conference.id }),
}));

/** Marks an optional fee as needing check-in, or not (its list closes; its check-ins are kept). */
export const POST = route({ auth: 'manager', body: ZCheckinFeeList, changesSite: false }, async ({ db, conference, body }) =>
  setFeeCheckinList(db, { conferenceId: conference.id, feeId: body.feeId, enabled: body.enabled }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
