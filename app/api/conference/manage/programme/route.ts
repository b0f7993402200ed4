import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { programmeDraft } from '@/lib/programme/queries';

/** The programme draft as the timetable editor shows it: days, rooms, sessions, contributions with times, conflicts. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => programmeDraft(db, { conferenceId: conference.id }));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
