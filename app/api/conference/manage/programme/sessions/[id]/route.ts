import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { programmeId } from '@/lib/programme/route-ids';
import { ZSessionInput } from '@/lib/programme/schemas';
import { deleteSession, updateSession } from '@/lib/programme/sessions';

/** Changes a session's title, type, length, chairs or theme. */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZSessionInput }, async ({ db, conference, params, body }) =>
  updateSession(db, conference.id, programmeId(params.id, 'PROGRAMME_SESSION_NOT_FOUND'), body),
);

/** Deletes a session; its contributions go back among the unplaced. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  deleteSession(db, conference.id, programmeId(params.id, 'PROGRAMME_SESSION_NOT_FOUND')),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
