import { route } from '@/lib/http/route';
import { decideRemittance } from '@/lib/payments/remittance';
import { ZBillDecision } from '@/lib/payments/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Confirms that an offline payment arrived, or rejects it with a reason the participant reads. */
export const POST = route({ auth: 'manager', body: ZBillDecision, changesSite: false }, async ({ db, conference, user, body }) =>
  decideRemittance(db, {
    conferenceId: conference.id,
    billId: body.billId,
    decision: body.decision,
    note: body.note,
    actorUserId: user.id,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
