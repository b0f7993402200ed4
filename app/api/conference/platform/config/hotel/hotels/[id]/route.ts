import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { removeHotel, updateHotel } from '@/lib/hotel/hotels';
import { ZHotelInput } from '@/lib/hotel/schemas';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

function hotelId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('HOTEL_NOT_FOUND');
  return id;
}

/** Changes a hotel of this conference. */
export const PUT = route({ auth: 'manager', body: ZHotelInput }, async ({ db, conference, params, body }) =>
  updateHotel(db, conference.id, hotelId(params.id), body),
);

/** Removes a hotel: deleted when never booked, otherwise archived with its room types. */
export const DELETE = route({ auth: 'manager' }, async ({ db, conference, params }) => removeHotel(db, conference.id, hotelId(params.id)));

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
