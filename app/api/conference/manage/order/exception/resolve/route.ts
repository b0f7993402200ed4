import { route } from '@/lib/http/route';
import { resolveException } from '@/lib/payments/remittance';
import { ZResolveException } from '@/lib/payments/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Marks a payment exception handled, with how. */
export const POST = route({ auth: 'manager', body: ZResolveException, changesSite: false }, async ({ db, conference, user, body }) =>
  resolveException(db, { conferenceId: conference.id, exceptionId: body.exceptionId, note: body.note, actorUserId: user.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
