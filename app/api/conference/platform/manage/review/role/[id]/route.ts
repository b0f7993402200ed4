import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { reviewerRole, setReviewerRole } from '@/lib/reviewers/manage';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A reviewer's role. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => reviewerRole(db, conference.id, idParam(params.id)));

/** Back to plain reviewer. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  setReviewerRole(db, conference.id, idParam(params.id), 'reviewer'),
);

export const { POST, PUT, PATCH } = otherMethods('GET', 'DELETE');
