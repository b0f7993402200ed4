import { route } from '@/lib/http/route';
import { setReviewerRole } from '@/lib/reviewers/manage';
import { ZSetRole } from '@/lib/reviewers/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Sets a reviewer's role: reviewer or review chair. */
export const POST = route({ auth: 'manager', body: ZSetRole, changesSite: false }, async ({ db, conference, body }) =>
  setReviewerRole(db, conference.id, body.id, body.role),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
