import { route } from '@/lib/http/route';
import { listRegistrants, ZRegistrantQuery } from '@/lib/registration/registrants';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One page of this conference's registrants, with search and registration-date filters (organisers). */
export const GET = route({ auth: 'manager', query: ZRegistrantQuery }, async ({ db, conference, query }) =>
  listRegistrants(db, { conferenceId: conference.id, timeZone: conference.timeZone, ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
