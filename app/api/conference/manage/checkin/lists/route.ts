import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { openCheckinLists } from '@/lib/onsite/lists';

/** The open check-in lists of this conference (the door, and each optional fee marked for check-in). */
export const GET = route({ auth: 'checkin' }, async ({ db, conference }) => ({
  lists: await openCheckinLists(db, { conferenceId: conference.id }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
