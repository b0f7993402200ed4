import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { searchAttendees } from '@/lib/onsite/attendee';
import { limitCheckinSearch } from '@/lib/onsite/limits';
import { openCheckinList } from '@/lib/onsite/lists';
import { ZCheckinSearch } from '@/lib/onsite/schemas';

/**
 * The door's search by what it shows (names, registration number, organisation), and by email and phone only where
 * the organiser turned contact search on, then showing what matched (rate-limited per staff account).
 */
export const GET = route({ auth: 'checkin', query: ZCheckinSearch }, async ({ db, conference, user, query }) => {
  await limitCheckinSearch(db, user.id);
  const list = await openCheckinList(db, { conferenceId: conference.id, listId: query.listId });
  return { attendees: await searchAttendees(db, conference.id, list, query.q) };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
