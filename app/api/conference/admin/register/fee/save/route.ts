import { saveFee } from '@/lib/fees/fee-config';
import { ZFeeInput } from '@/lib/fees/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates or changes a fee; a new price invalidates the unpaid orders at the old one. */
export const POST = route({ auth: 'manager', body: ZFeeInput }, async ({ db, conference, user, body }) =>
  saveFee(db, conference.id, body, user.id),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
