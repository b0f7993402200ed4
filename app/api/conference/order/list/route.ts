import { route } from '@/lib/http/route';
import { listMyOrders } from '@/lib/orders/queries';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every order of mine at this conference, newest first. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => listMyOrders(db, conference.id, user.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
