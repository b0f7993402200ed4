import { AppError } from '@/lib/http/app-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { savePresenterSlides, SLIDES_RULE } from '@/lib/programme/presenter-slot';
import { parseId } from '@/lib/validation/primitives';

/**
 * The presenter's slides or poster (multipart: `file`, and `contributionId`): PDF or PPTX checked by content, at
 * most 20 MB, through the upload intake; only the presenter of a published contribution.
 */
export const POST = route({ auth: 'user', published: true }, async ({ req, db, conference, user }) => {
  const { form, file, data } = await readUpload(req, { bytes: SLIDES_RULE.maxBytes, code: 'UPLOAD_TOO_LARGE' });
  const contributionId = parseId(String(form.get('contributionId') ?? ''));
  if (contributionId === null) throw new AppError('INVALID_INPUT');
  return savePresenterSlides(db, { conferenceId: conference.id, presenter: user, contributionId, fileName: file.name, data });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
