import { route } from '@/lib/http/route';
import { myBills } from '@/lib/payments/queries';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My payments at this conference, newest first: number, method, amount and state. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => myBills(db, conference.id, user.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
