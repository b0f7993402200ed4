import { readFile } from 'node:fs/promises';
import { AppError } from '@/lib/http/app-error';
import { attachment } from '@/lib/http/download';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { slipOf } from '@/lib/payments/queries';
import { locate } from '@/lib/storage/local-storage';

/** A participant's transfer slip, for the managers who confirm it. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) => {
  const slip = await slipOf(db, conference.id, idParam(params.billId));
  const where = slip && (await locate(conference.id, slip.name));
  if (!slip || !where) throw new AppError('FILE_NOT_FOUND');
  return new Response(new Uint8Array(await readFile(where)), {
    headers: {
      'content-type': slip.mime,
      'content-disposition': attachment(slip.originalName),
      'cache-control': 'private, no-store',
    },
  });
});
