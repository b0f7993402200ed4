import { addHandContribution } from '@/lib/programme/add-contributions';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZHandContribution } from '@/lib/programme/schemas';

/** Adds a keynote, invited talk, panel or other contribution by hand (unplaced). */
export const POST = route({ auth: 'manager', changesSite: false, body: ZHandContribution }, async ({ db, conference, body }) =>
  addHandContribution(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
