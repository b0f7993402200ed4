import { changeBooking } from '@/lib/hotel/change-booking';
import { ZBookingInput } from '@/lib/hotel/booking-schemas';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { parseId } from '@/lib/validation/primitives';
import { bookingSummary } from '@/lib/hotel/place-booking';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Changes my booking before it is paid: the old order becomes invalid, the new booking and order are answered. */
export const PUT = route({ auth: 'user', published: true, body: ZBookingInput }, async ({ db, conference, user, locale, params, body }) => {
  const id = parseId(params.id);
  if (id === null) throw new AppError('HOTEL_BOOKING_NOT_FOUND');
  return bookingSummary(await changeBooking(db, { conferenceId: conference.id, userId: user.id, locale, bookingId: id, values: body }));
});

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
