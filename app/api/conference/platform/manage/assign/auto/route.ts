import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { autoAssign } from '@/lib/review/assign';
import { ZAutoAssign } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Automatic assignment of every submission lacking reviewers (balanced load, conflicts and sessions respected). */
export const POST = route({ auth: 'manager', body: ZAutoAssign, changesSite: false }, async ({ req, db, conference, user }) =>
  autoAssign(db, conference.id, user.id, originOf(req.headers)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
