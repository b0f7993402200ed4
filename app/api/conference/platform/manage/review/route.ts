import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { addReviewer } from '@/lib/reviewers/invite';
import { listReviewers } from '@/lib/reviewers/queries';
import { ZAddReviewer, ZReviewerQuery } from '@/lib/reviewers/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's reviewers, paged, filtered by role, activation and a keyword (managers). */
export const GET = route({ auth: 'manager', query: ZReviewerQuery }, async ({ db, conference, query }) =>
  listReviewers(db, conference.id, query),
);

/** Invites one reviewer by email: the row and the invitation mail are written together. */
export const POST = route({ auth: 'manager', body: ZAddReviewer, changesSite: false }, async ({ req, db, conference, body, locale }) =>
  addReviewer(db, conference, body, { origin: originOf(req.headers), locale }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
