import { listFees } from '@/lib/fees/fee-config';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every fee of this conference with its places taken (organisers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listFees(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
