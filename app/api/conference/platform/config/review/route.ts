import { route } from '@/lib/http/route';
import { getReviewConfig, saveReviewConfig } from '@/lib/review/config';
import { ZReviewConfigInput } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The review rules, scales, blind switch and reviewers per submission (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => getReviewConfig(db, conference.id));

export const POST = route({ auth: 'manager', body: ZReviewConfigInput, changesSite: false }, async ({ db, conference, body }) =>
  saveReviewConfig(db, conference.id, body),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
