import { adminFeedbackDetail } from '@/lib/feedback/queries';
import { ZFeedbackIdQuery } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One feedback of this conference with every reply (organisers). */
export const GET = route({ auth: 'manager', query: ZFeedbackIdQuery }, async ({ db, conference, query }) =>
  adminFeedbackDetail(db, conference.id, query.id),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
