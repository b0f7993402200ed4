import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { createRoom } from '@/lib/programme/rooms';
import { ZRoomInput } from '@/lib/programme/schemas';

/** Adds a room (the timetable's last column). */
export const POST = route({ auth: 'manager', changesSite: false, body: ZRoomInput }, async ({ db, conference, body }) =>
  createRoom(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
