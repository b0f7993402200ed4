import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { reorderRooms } from '@/lib/programme/rooms';
import { ZRoomOrder } from '@/lib/programme/schemas';

/** Puts the rooms (the timetable's columns) in a new order. */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZRoomOrder }, async ({ db, conference, body }) =>
  reorderRooms(db, conference.id, body),
);

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
