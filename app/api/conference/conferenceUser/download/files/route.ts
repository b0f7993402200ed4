import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import { z } from 'zod';
import { AppError } from '@/lib/http/app-error';
import { attachment } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { downloadableFiles } from '@/lib/registration/uploads';
import { locate } from '@/lib/storage/local-storage';
import { isStoredName } from '@/lib/storage/stored-name';

const ZDownload = z
  .array(z.object({ name: z.string().refine(isStoredName), field: z.string().max(40) }))
  .min(1)
  .max(50);

/**
 * Downloads uploaded files: one file as it is, several as a zip. Organisers may take any file of
 * their conference, a participant only their own.
 */
export const POST = route({ auth: 'user', body: ZDownload }, async ({ db, conference, user, roles, body }) => {
  const files = await downloadableFiles(db, conference.id, { userId: user.id, organiser: roles.manager || roles.platformAdmin }, body);
  const contents = await Promise.all(
    files.map(async (row) => {
      const where = await locate(conference.id, row.name);
      if (!where) throw new AppError('FILE_NOT_FOUND');
      return { row, data: new Uint8Array(await readFile(where)) };
    }),
  );
  if (contents.length === 1) {
    const [{ row, data }] = contents;
    return new Response(data, {
      headers: {
        'content-type': row.mime,
        'content-disposition': attachment(row.originalName),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }
  const used = new Set<string>();
  const entries: Record<string, Uint8Array> = {};
  for (const { row, data } of contents) {
    let entry = row.originalName;
    for (let i = 2; used.has(entry); i++) entry = row.originalName.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext}`);
    used.add(entry);
    entries[entry] = data;
  }
  return new Response(zipSync(entries, { level: 0 }), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': attachment(`${conference.slug}-files.zip`),
      'cache-control': 'no-store',
    },
  });
});
