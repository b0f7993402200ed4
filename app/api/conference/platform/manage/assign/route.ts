import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { assignReviewer } from '@/lib/review/assign';
import { ZAssign } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A manager assigns one reviewer to a submission's current version (conflicts refused). */
export const POST = route({ auth: 'manager', body: ZAssign, changesSite: false }, async ({ req, db, conference, user, body }) =>
  assignReviewer(db, conference.id, body, user.id, originOf(req.headers)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
