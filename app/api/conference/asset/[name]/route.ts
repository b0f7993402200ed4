import { readFile } from 'node:fs/promises';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { locatePublic } from '@/lib/storage/local-storage';

const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** A public file of this site's conference (the banner), cached by browsers: its name never changes content. */
export const GET = route({}, async ({ conference, params }) => {
  const where = await locatePublic(conference.id, params.name ?? '');
  if (!where) throw new AppError('NOT_FOUND');
  const ext = where.slice(where.lastIndexOf('.') + 1);
  return new Response(new Uint8Array(await readFile(where)), {
    headers: {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
});
