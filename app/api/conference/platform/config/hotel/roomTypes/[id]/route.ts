import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { removeRoomType, updateRoomType } from '@/lib/hotel/room-types';
import { ZRoomTypeInput } from '@/lib/hotel/schemas';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

function roomTypeId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('HOTEL_ROOM_TYPE_NOT_FOUND');
  return id;
}

/**
 * Changes a room type (total bookable never below the rooms booked on its busiest night); clears a
 * stale price; a new price invalidates the room type's unpaid orders.
 */
export const PUT = route({ auth: 'manager', body: ZRoomTypeInput }, async ({ db, conference, params, body, user }) =>
  updateRoomType(db, conference.id, roomTypeId(params.id), body, user.id),
);

/** Removes a room type: deleted when never booked, otherwise archived. */
export const DELETE = route({ auth: 'manager' }, async ({ db, conference, params }) =>
  removeRoomType(db, conference.id, roomTypeId(params.id)),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
