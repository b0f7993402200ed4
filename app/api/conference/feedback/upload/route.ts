import { FEEDBACK_FILE_MAX_BYTES, saveFeedbackUpload } from '@/lib/feedback/files';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Receives a feedback's attachment (multipart `file`) into the temporary area; answers its id, to name in the feedback. */
export const POST = route({ auth: 'user' }, async ({ req, db, conference, user }) => {
  const { file, data } = await readUpload(req, { bytes: FEEDBACK_FILE_MAX_BYTES, code: 'UPLOAD_TOO_LARGE' });
  return saveFeedbackUpload(db, { conferenceId: conference.id, userId: user.id, fileName: file.name, data });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
