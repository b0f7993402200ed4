import { route } from '@/lib/http/route';
import { createRoomType } from '@/lib/hotel/room-types';
import { ZRoomTypeInput } from '@/lib/hotel/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Adds a room type to a hotel of this conference, priced in the settlement currency. */
export const POST = route({ auth: 'manager', body: ZRoomTypeInput }, async ({ db, conference, body }) =>
  createRoomType(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
