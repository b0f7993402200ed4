import { listMyBookings } from '@/lib/hotel/booking-queries';
import { ZBookingInput } from '@/lib/hotel/booking-schemas';
import { bookingSummary, placeBooking } from '@/lib/hotel/place-booking';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** My hotel bookings at this conference, newest first, with their orders' numbers and payment states. */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user }) => listMyBookings(db, conference.id, user.id));

/** A new booking (window open, registered, within the limits and the rooms); answers the booking and its order. */
export const POST = route({ auth: 'user', published: true, body: ZBookingInput }, async ({ db, conference, user, locale, body }) =>
  bookingSummary(await placeBooking(db, { conferenceId: conference.id, userId: user.id, locale, values: body })),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
