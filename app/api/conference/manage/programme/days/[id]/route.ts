import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { deleteDay, updateDay } from '@/lib/programme/days';
import { programmeId } from '@/lib/programme/route-ids';
import { ZDayInput } from '@/lib/programme/schemas';

/** Changes a day's title (or its date while nothing is placed on it). */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZDayInput }, async ({ db, conference, params, body }) =>
  updateDay(db, conference.id, programmeId(params.id, 'PROGRAMME_DAY_NOT_FOUND'), body),
);

/** Deletes a day without placed sessions. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  deleteDay(db, conference.id, programmeId(params.id, 'PROGRAMME_DAY_NOT_FOUND')),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
