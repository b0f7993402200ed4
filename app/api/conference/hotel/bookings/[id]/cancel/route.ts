import { cancelBooking } from '@/lib/hotel/cancel-booking';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Cancels my booking before it is paid: the order is kept, cancelled, and the rooms are given back. */
export const POST = route({ auth: 'user', published: true }, async ({ db, conference, user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw new AppError('HOTEL_BOOKING_NOT_FOUND');
  await cancelBooking(db, { conferenceId: conference.id, userId: user.id, bookingId: id });
  return { id, status: 'cancelled' };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
