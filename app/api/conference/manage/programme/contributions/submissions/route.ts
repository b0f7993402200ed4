import { addSubmissionContributions } from '@/lib/programme/add-contributions';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZAddSubmissions } from '@/lib/programme/schemas';

/** Adds accepted submissions of this conference to the programme (unplaced). */
export const POST = route({ auth: 'manager', changesSite: false, body: ZAddSubmissions }, async ({ db, conference, body }) =>
  addSubmissionContributions(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
