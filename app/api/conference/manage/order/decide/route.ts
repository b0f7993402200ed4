import { route } from '@/lib/http/route';
import { decideRemittance } from '@/lib/payments/remittance';
import { ZBillDecision } from '@/lib/payments/schemas';

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
