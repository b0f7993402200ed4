import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { deleteRoom, updateRoom } from '@/lib/programme/rooms';
import { programmeId } from '@/lib/programme/route-ids';
import { ZRoomInput } from '@/lib/programme/schemas';

/** Renames a room or changes its capacity. */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZRoomInput }, async ({ db, conference, params, body }) =>
  updateRoom(db, conference.id, programmeId(params.id, 'PROGRAMME_ROOM_NOT_FOUND'), body),
);

/** Deletes a room no session uses. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  deleteRoom(db, conference.id, programmeId(params.id, 'PROGRAMME_ROOM_NOT_FOUND')),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
