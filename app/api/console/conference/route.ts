import { createConference } from '@/lib/conferences/lifecycle';
import { ZCreateConference } from '@/lib/conferences/lifecycle-schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates a conference (not published); the caller becomes its manager. */
export const POST = route({ auth: 'user', body: ZCreateConference }, async ({ db, user, body }) => createConference(db, user.id, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
