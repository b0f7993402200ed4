import { route } from '@/lib/http/route';
import { myBills } from '@/lib/payments/queries';

/** My payments at this conference, newest first: number, method, amount and state. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => myBills(db, conference.id, user.id));
