import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { readUpload } from '@/lib/http/upload';
import { loadFields } from '@/lib/registration/field-config';
import { saveTempUpload } from '@/lib/registration/uploads';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * Receives one file (multipart: `file`, and `field`, the form item) into the temporary area. The
 * answer's data is `temp/<stored name>`; the form keeps the name after the 5-character prefix.
 */
export const POST = route({ auth: 'user', published: true }, async ({ req, db, conference, user }) => {
  const { form, file, data } = await readUpload(req, { bytes: UPLOAD_MAX_BYTES, code: 'UPLOAD_TOO_LARGE' });
  const field = form.get('field');
  if (typeof field !== 'string') throw new AppError('INVALID_INPUT');
  const saved = await saveTempUpload(db, {
    conferenceId: conference.id,
    userId: user.id,
    fields: await loadFields(db, conference.id),
    field,
    fileName: file.name,
    data,
  });
  return `temp/${saved.name}`;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
