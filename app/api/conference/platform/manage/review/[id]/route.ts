import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { removeReviewer } from '@/lib/reviewers/manage';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Removes a reviewer and their reviewer role; one with review assignments is deactivated instead. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params, user }) =>
  removeReviewer(db, conference.id, idParam(params.id), user.id),
);

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
