import { readFile } from 'node:fs/promises';
import { AppError } from '@/lib/http/app-error';
import { attachment } from '@/lib/http/download';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { locate } from '@/lib/storage/local-storage';
import { adminSubmissionFile } from '@/lib/submissions/admin-detail';

/** A file of a submission (current or an earlier version's), downloaded by a manager under its original name. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const file = await adminSubmissionFile(db, conference.id, idParam(params.submissionId), idParam(params.fileId));
  const where = file && (await locate(conference.id, file.name));
  if (!file || !where) throw new AppError('FILE_NOT_FOUND');
  return new Response(new Uint8Array(await readFile(where)), {
    headers: { 'content-type': file.mime, 'content-disposition': attachment(file.originalName), 'cache-control': 'private, no-store' },
  });
});
