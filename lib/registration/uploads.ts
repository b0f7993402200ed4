import { and, eq, inArray } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uploadedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { attachUploads as attach, receiveUpload } from '@/lib/storage/intake';
import { fileRules, type FormField } from './fields';

/**
 * Receives one file for a file item of the form (conferenceUser/temp/upload) through the upload
 * intake: the item must exist, the size be within 20 MB and the content match an accepted type.
 * The file goes to the temporary area under a name we make; the answer is that name.
 */
export async function saveTempUpload(
  db: DB,
  input: { conferenceId: number; userId: string; fields: FormField[]; field: string; fileName: string; data: Uint8Array },
): Promise<{ name: string; originalName: string; size: number }> {
  const item = input.fields.find((f) => f.key === input.field && f.enabled && f.type === 'file');
  if (!item) throw new AppError('FIELD_NOT_FOUND');
  const rule = { field: input.field, types: fileRules(item.key).extensions ?? UPLOAD_EXTENSIONS, maxBytes: UPLOAD_MAX_BYTES };
  const saved = await receiveUpload(db, {
    conferenceId: input.conferenceId,
    userId: input.userId,
    rule,
    fileName: input.fileName,
    data: input.data,
  });
  return { name: saved.name, originalName: saved.originalName, size: saved.size };
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
  const { fresh } = await attach(tx, {
    conferenceId: input.conferenceId,
    userId: input.userId,
    files: input.files,
    mayKeep: (row) => row.registrationId === input.registrationId,
    set: { registrationId: input.registrationId },
  });
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
