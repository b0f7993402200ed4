import { route } from '@/lib/http/route';
import { myFeeOrders } from '@/lib/orders/queries';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My registration-fee and optional-fee orders at this conference. */
export const GET = route({ auth: 'user' }, async ({ db, conference, user }) => myFeeOrders(db, conference.id, user.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
