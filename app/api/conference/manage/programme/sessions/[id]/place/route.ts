import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { programmeId } from '@/lib/programme/route-ids';
import { ZPlaceSession } from '@/lib/programme/schemas';
import { placeSession, unplaceSession } from '@/lib/programme/sessions';

/** Places a session in a day × room slot at a time of day. */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZPlaceSession }, async ({ db, conference, params, body }) =>
  placeSession(db, conference.id, programmeId(params.id, 'PROGRAMME_SESSION_NOT_FOUND'), body),
);

/** Takes a session off the grid. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  unplaceSession(db, conference.id, programmeId(params.id, 'PROGRAMME_SESSION_NOT_FOUND')),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
