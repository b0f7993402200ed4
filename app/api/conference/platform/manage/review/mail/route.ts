import { originOf } from '@/lib/conferences/seo';
import { route } from '@/lib/http/route';
import { resendInvitation } from '@/lib/reviewers/invite';
import { ZReviewerIdBody } from '@/lib/reviewers/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Sends the invitation again with a new key; the previous link stops working. */
export const POST = route({ auth: 'manager', body: ZReviewerIdBody, changesSite: false }, async ({ req, db, conference, body, locale }) =>
  resendInvitation(db, conference, body.id, { origin: originOf(req.headers), locale }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
