import { route } from '@/lib/http/route';
import { ZSessionInput } from '@/lib/submissions/config-schemas';
import { addSession, sessionTree } from '@/lib/submissions/sessions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's sessions/themes as a sorted tree. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => sessionTree(db, conference.id));

/** Adds a session, last among its siblings. */
export const POST = route({ auth: 'manager', body: ZSessionInput }, async ({ db, conference, body }) =>
  addSession(db, conference.id, body),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
