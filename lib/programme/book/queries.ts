import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { uploadedFile } from '@/db/schema';
import type { Locale } from '@/lib/i18n/localized';
import { storageKey } from '@/lib/storage/keys';
import { latestProgrammeVersion } from '../published-programme';

/**
 * The stored book of abstracts of the latest version in `lang` (its storage key and download name), or null while
 * there is no version, its book is not built yet (or failed), or the file is gone. Older versions' books are not
 * served: the public always gets the book of the programme it sees.
 */
export async function latestBookFile(
  db: Executor,
  { conferenceId, lang }: { conferenceId: number; lang: Locale },
): Promise<{ key: string; fileName: string } | null> {
  const version = await latestProgrammeVersion(db, { conferenceId });
  const fileId = version?.bookState === 'ready' ? (lang === 'zh' ? version.bookZhFileId : version.bookEnFileId) : null;
  if (!fileId) return null;
  const [file] = await db
    .select({ name: uploadedFile.name, originalName: uploadedFile.originalName })
    .from(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, conferenceId), eq(uploadedFile.id, fileId)));
  return file ? { key: storageKey(conferenceId, 'generated', file.name), fileName: file.originalName } : null;
}
