import { zipSync } from 'fflate';
import { z } from 'zod';
import { AppError } from '@/lib/http/app-error';
import { fileResponse, storedFileResponse } from '@/lib/http/download';
import { route } from '@/lib/http/route';
import { downloadableFiles } from '@/lib/registration/uploads';
import { storedKeyOf } from '@/lib/storage/intake';
import { readStored } from '@/lib/storage/storage';
import { isStoredName } from '@/lib/storage/stored-name';
import { otherMethods } from '@/lib/http/method-not-allowed';

const ZDownload = z
  .array(z.object({ name: z.string().refine(isStoredName), field: z.string().max(40) }))
  .min(1)
  .max(50);

/**
 * Downloads uploaded files: one file as it is (streamed), several as a zip. Organisers may take any
 * file of their conference, a participant only their own.
 */
export const POST = route({ auth: 'user', body: ZDownload }, async ({ db, conference, user, roles, body }) => {
  const files = await downloadableFiles(db, conference.id, { userId: user.id, organiser: roles.manager || roles.platformAdmin }, body);
  const stored = await Promise.all(
    files.map(async (row) => {
      const key = await storedKeyOf(conference.id, row.name);
      if (!key) throw new AppError('FILE_NOT_FOUND');
      return { row, key };
    }),
  );
  if (stored.length === 1) {
    const [{ row, key }] = stored;
    return storedFileResponse(key, { mime: row.mime, fileName: row.originalName });
  }
  const used = new Set<string>();
  const entries: Record<string, Uint8Array> = {};
  for (const { row, key } of stored) {
    const data = await readStored(key);
    if (!data) throw new AppError('FILE_NOT_FOUND');
    let entry = row.originalName;
    for (let n = 2; used.has(entry); n++) entry = row.originalName.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    used.add(entry);
    entries[entry] = data;
  }
  return fileResponse(zipSync(entries, { level: 0 }), { mime: 'application/zip', fileName: `${conference.slug}-files.zip` });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
