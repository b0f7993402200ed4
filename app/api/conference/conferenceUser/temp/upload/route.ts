import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { loadFields } from '@/lib/registration/field-config';
import { saveTempUpload } from '@/lib/registration/uploads';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';

/**
 * Receives one file (multipart: `file`, and `field`, the form item) into the temporary area. The
 * answer's data is `temp/<stored name>`; the form keeps the name after the 5-character prefix.
 */
export const POST = route({ auth: 'user', published: true }, async ({ req, db, conference, user }) => {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > UPLOAD_MAX_BYTES + 64 * 1024) throw new AppError('UPLOAD_TOO_LARGE', 'uploadTooLarge', 413);
  const form = await req.formData().catch(() => null);
  const file = form?.get('file');
  const field = form?.get('field');
  if (!(file instanceof File) || typeof field !== 'string') throw new AppError('INVALID_INPUT', 'invalidInput', 400);
  const saved = await saveTempUpload(db, {
    conferenceId: conference.id,
    userId: user!.id,
    fields: await loadFields(db, conference.id),
    field,
    fileName: file.name,
    data: new Uint8Array(await file.arrayBuffer()),
  });
  return `temp/${saved.name}`;
});
