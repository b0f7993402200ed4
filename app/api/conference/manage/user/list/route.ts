import { route } from '@/lib/http/route';
import { listRegistrants, ZRegistrantQuery } from '@/lib/registration/registrants';

/** One page of this conference's registrants, with search and registration-date filters (organisers). */
export const GET = route({ auth: 'manager', query: ZRegistrantQuery }, async ({ db, conference, query }) =>
  listRegistrants(db, { conferenceId: conference.id, timeZone: conference.timeZone, ...query }),
);
