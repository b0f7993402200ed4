import { feedbackFileResponse } from '@/lib/feedback/download';
import { feedbackFile } from '@/lib/feedback/queries';
import { ZFeedbackIdQuery } from '@/lib/feedback/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Downloads the file attached to a feedback of this conference (organisers). */
export const GET = route({ auth: 'manager', query: ZFeedbackIdQuery }, async ({ db, conference, query }) =>
  feedbackFileResponse(conference.id, await feedbackFile(db, { conferenceId: conference.id, id: query.id })),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
