import { route } from '@/lib/http/route';
import { adminOrders, ZAdminOrderQuery } from '@/lib/payments/queries';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One page of the conference's orders with the filters of the order management screen. */
export const GET = route({ auth: 'manager', query: ZAdminOrderQuery }, async ({ db, conference, query }) =>
  adminOrders(db, conference.id, query, conference.timeZone),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
