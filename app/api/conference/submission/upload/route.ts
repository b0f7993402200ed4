import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { callForPapers, callStateNow } from '@/lib/submissions/config';
import { isSubmissionField, saveSubmissionUpload } from '@/lib/submissions/files';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * Receives an abstract or full-text file (multipart: `file`, and `field`: submissionAbstract or
 * submissionFullText) into the temporary area, within the call's types (checked by content) and
 * size; answers its id, to name in the submission. Only while submissions or changes are taken.
 */
export const POST = route({ auth: 'user', published: true }, async ({ req, db, conference, user }) => {
  const call = await callForPapers(db, conference.id);
  const state = callStateNow(call, conference.timeZone);
  if (state === 'secondPassed') throw new AppError('SUBMISSION_SECOND_DEADLINE');
  if (state !== 'open' && state !== 'firstPassed') throw new AppError('SUBMISSION_NOT_OPEN');
  const { form, file, data } = await readUpload(req, { bytes: UPLOAD_MAX_BYTES, code: 'UPLOAD_TOO_LARGE' });
  const field = form.get('field');
  if (!isSubmissionField(field)) throw new AppError('INVALID_INPUT');
  return saveSubmissionUpload(db, { conferenceId: conference.id, userId: user.id, call, field, fileName: file.name, data });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
