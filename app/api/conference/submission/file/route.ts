import { readFile } from 'node:fs/promises';
import { AppError } from '@/lib/http/app-error';
import { attachment } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { locate } from '@/lib/storage/local-storage';
import { mySubmissionFile } from '@/lib/submissions/files';
import { ZSubmissionFileQuery } from '@/lib/submissions/schemas';

/** Downloads one of my submission files (abstract or full text, of any version) by its id. */
export const GET = route({ auth: 'user', published: true, query: ZSubmissionFileQuery }, async ({ db, conference, user, query }) => {
  const row = await mySubmissionFile(db, conference.id, user.id, query.id);
  const where = await locate(conference.id, row.name);
  if (!where) throw new AppError('FILE_NOT_FOUND');
  return new Response(new Uint8Array(await readFile(where)), {
    headers: {
      'content-type': row.mime,
      'content-disposition': attachment(row.originalName),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
