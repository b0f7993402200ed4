import { readFile } from 'node:fs/promises';
import { materialId } from '@/lib/downloads/ids';
import { materialToDownload } from '@/lib/downloads/materials';
import { viewerOf } from '@/lib/downloads/permissions';
import { AppError } from '@/lib/http/app-error';
import { attachment } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { locate } from '@/lib/storage/local-storage';

/**
 * Downloads a material: the caller's audience is checked again on every download (registered,
 * paid registration), the file goes out under its original name with its type, and no shared
 * cache keeps it.
 */
export const GET = route({ auth: 'user', published: true }, async ({ db, conference, user, roles, params }) => {
  const id = materialId(params.id);
  const viewer = await viewerOf(db, conference.id, user.id, roles);
  const material = await materialToDownload(db, conference.id, viewer, id);
  const where = await locate(conference.id, material.file.name);
  if (!where) throw new AppError('FILE_NOT_FOUND');
  return new Response(new Uint8Array(await readFile(where)), {
    headers: {
      'content-type': material.file.mime,
      'content-disposition': attachment(material.file.oriName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
