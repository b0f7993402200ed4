import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZSessionInput } from '@/lib/programme/schemas';
import { createSession } from '@/lib/programme/sessions';

/** Adds a session (unplaced, beside the grid). */
export const POST = route({ auth: 'manager', changesSite: false, body: ZSessionInput }, async ({ db, conference, body }) =>
  createSession(db, conference.id, body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
