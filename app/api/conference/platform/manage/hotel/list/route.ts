import { adminHotelBookings } from '@/lib/hotel/admin-list';
import { ZAdminHotelBookingQuery } from '@/lib/hotel/admin-list-params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One page of the conference's hotel bookings with the filters of the management screen (managers). */
export const GET = route({ auth: 'manager', query: ZAdminHotelBookingQuery }, async ({ db, conference, query }) =>
  adminHotelBookings(db, conference.id, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
