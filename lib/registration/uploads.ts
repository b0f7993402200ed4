import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uploadedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { fileTypeOf, UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { removeTemp, writeTemp } from '@/lib/storage/local-storage';
import { cleanName } from '@/lib/storage/stored-name';
import { fileRules, type FormField } from './fields';

/** The temporary files one account may upload in a day. */
const TEMP_PER_DAY = 100;

/**
 * Receives one file for a file item of the form (conferenceUser/temp/upload): the item must exist,
 * the size be within 20 MB and the content match an accepted type. The file goes to the temporary
 * area under a name we make; the answer is that name.
 */
export async function saveTempUpload(
  db: DB,
  input: { conferenceId: number; userId: string; fields: FormField[]; field: string; fileName: string; data: Uint8Array },
): Promise<{ name: string; originalName: string; size: number }> {
  const item = input.fields.find((f) => f.key === input.field && f.enabled && f.type === 'file');
  if (!item) throw new AppError('FIELD_NOT_FOUND');
  if (input.data.byteLength === 0) throw new AppError('UPLOAD_EMPTY');
  if (input.data.byteLength > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const allowed = fileRules(item.key).extensions ?? UPLOAD_EXTENSIONS;
  const type = fileTypeOf(input.fileName, input.data, allowed);
  if (!type) throw new AppError('UPLOAD_TYPE', { types: allowed.join(', ') });
  const since = new Date(Date.now() - 86_400_000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(uploadedFile)
    .where(
      and(eq(uploadedFile.conferenceId, input.conferenceId), eq(uploadedFile.userId, input.userId), gt(uploadedFile.createdAt, since)),
    );
  if (n >= TEMP_PER_DAY) throw new AppError('RATE_LIMITED');
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const originalName = cleanName(input.fileName);
  await writeTemp(input.conferenceId, name, input.data);
  await db.insert(uploadedFile).values({
    conferenceId: input.conferenceId,
    userId: input.userId,
    name,
    originalName,
    field: input.field,
    mime: type.mime,
    size: input.data.byteLength,
  });
  return { name, originalName, size: input.data.byteLength };
}

/** Every stored name the answers give for the form's file items. */
export function fileNamesIn(fields: FormField[], answers: Record<string, string | string[]>): { field: string; name: string }[] {
  return fields
    .filter((f) => f.type === 'file')
    .flatMap((f) => {
      const value = answers[f.key];
      return (Array.isArray(value) ? value : []).map((name) => ({ field: f.key, name }));
    });
}

/**
 * Attaches the files the answers name to a registration, inside its transaction: each must be a
 * temporary upload of this account for that item, or already attached to this registration.
 * Returns the names to move out of the temporary area once the transaction has committed.
 */
export async function attachUploads(
  tx: Executor,
  input: { conferenceId: number; userId: string; registrationId: number; files: { field: string; name: string }[] },
): Promise<string[]> {
  if (!input.files.length) return [];
  const names = input.files.map((f) => f.name);
  const rows = await tx
    .select()
    .from(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, input.conferenceId), eq(uploadedFile.userId, input.userId), inArray(uploadedFile.name, names)))
    .for('update');
  for (const file of input.files) {
    const row = rows.find((r) => r.name === file.name);
    const usable = row && row.field === file.field && (row.status === 'temp' || row.registrationId === input.registrationId);
    if (!usable) throw new AppError('UPLOAD_MISSING');
  }
  const fresh = rows.filter((r) => r.status === 'temp').map((r) => r.name);
  if (fresh.length) {
    await tx
      .update(uploadedFile)
      .set({ status: 'attached', registrationId: input.registrationId })
      .where(and(eq(uploadedFile.conferenceId, input.conferenceId), inArray(uploadedFile.name, fresh)));
  }
  return fresh;
}

/** The uploaded files of registrations, by stored name (original name and item), for display and download. */
export async function filesByName(db: Executor, conferenceId: number, names: string[]) {
  if (!names.length) return new Map<string, typeof uploadedFile.$inferSelect>();
  const rows = await db
    .select()
    .from(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, conferenceId), inArray(uploadedFile.name, names)));
  return new Map(rows.map((r) => [r.name, r]));
}

/** Original names of the files some registrations' answers name (stored name → original name). */
export async function originalFileNames(
  db: Executor,
  conferenceId: number,
  fields: FormField[],
  answerSets: Record<string, string | string[]>[],
): Promise<Record<string, string>> {
  const names = answerSets.flatMap((answers) => fileNamesIn(fields, answers).map((f) => f.name));
  const found = await filesByName(db, conferenceId, [...new Set(names)]);
  return Object.fromEntries([...found.values()].map((row) => [row.name, row.originalName]));
}

/**
 * Removes temporary uploads nobody attached within a day (the rows and the files). Attached files
 * are never touched. Returns how many were removed.
 */
export async function removeStaleUploads(db: DB, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 86_400_000);
  const stale = await db
    .delete(uploadedFile)
    .where(and(eq(uploadedFile.status, 'temp'), lt(uploadedFile.createdAt, cutoff)))
    .returning({ conferenceId: uploadedFile.conferenceId, name: uploadedFile.name });
  for (const file of stale) await removeTemp(file.conferenceId, file.name);
  return stale.length;
}

/** Runs removeStaleUploads every hour in the server process. */
export function startUploadSweeper(db: DB): void {
  const sweep = () => removeStaleUploads(db).catch((error: unknown) => console.error('[uploads] sweep failed', error));
  setInterval(sweep, 3_600_000).unref();
  void sweep();
}

/** Who asks for files: organisers may take any file of their conference, a participant only their own. */
export type Downloader = { userId: string; organiser: boolean };

/**
 * The stored files a caller may download, in the order asked: each must exist in this conference,
 * belong to the form item named, and be the caller's own unless they organise the conference.
 * One file that fails any of these refuses the whole request (FILE_NOT_FOUND, nothing told apart).
 */
export async function downloadableFiles(db: Executor, conferenceId: number, who: Downloader, wanted: { name: string; field: string }[]) {
  const found = await filesByName(
    db,
    conferenceId,
    wanted.map((f) => f.name),
  );
  return wanted.map(({ name, field }) => {
    const row = found.get(name);
    if (!row || row.field !== field || (!who.organiser && row.userId !== who.userId)) throw new AppError('FILE_NOT_FOUND');
    return row;
  });
}
