import { route } from '@/lib/http/route';
import { listMyOrders } from '@/lib/orders/queries';

/** Every order of mine at this conference, newest first. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => listMyOrders(db, conference.id, user.id));
