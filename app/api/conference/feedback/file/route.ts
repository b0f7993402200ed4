import { feedbackFileResponse } from '@/lib/feedback/download';
import { feedbackFile } from '@/lib/feedback/queries';
import { ZFeedbackIdQuery } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Downloads the file attached to one of my feedbacks. */
export const GET = route({ auth: 'user', query: ZFeedbackIdQuery }, async ({ db, conference, user, query }) =>
  feedbackFileResponse(conference.id, await feedbackFile(db, { conferenceId: conference.id, id: query.id, userId: user.id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
