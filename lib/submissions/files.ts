import { and, eq, inArray } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uploadedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { attachUploads, receiveUpload } from '@/lib/storage/intake';
import type { StoredCallConfig } from './config';
import { SUBMISSION_FIELDS, type SubmissionFileField } from './schemas';

export function isSubmissionField(value: unknown): value is SubmissionFileField {
  return value === SUBMISSION_FIELDS.abstract || value === SUBMISSION_FIELDS.fullText;
}

/** The types and size the call allows for one of its files (never above the 20 MB upload limit). */
export function fileRulesFor(
  call: Pick<StoredCallConfig, 'abstractFileTypes' | 'abstractFileMaxMb' | 'fullTextTypes' | 'fullTextMaxMb'>,
  field: SubmissionFileField,
) {
  const abstract = field === SUBMISSION_FIELDS.abstract;
  const types: string[] = abstract ? call.abstractFileTypes : call.fullTextTypes;
  const maxMb = abstract ? call.abstractFileMaxMb : call.fullTextMaxMb;
  return { types, maxBytes: Math.min(UPLOAD_MAX_BYTES, maxMb * 1024 * 1024), maxMb };
}

/**
 * Receives an abstract or full-text file through the upload intake into the temporary area: within
 * the call's size, of one of the call's types by extension AND content, within the daily upload
 * rule of the account. It becomes part of a submission when one is saved naming it.
 */
export async function saveSubmissionUpload(
  db: DB,
  input: { conferenceId: number; userId: string; call: StoredCallConfig; field: SubmissionFileField; fileName: string; data: Uint8Array },
): Promise<{ id: number; originalName: string; size: number }> {
  const rules = fileRulesFor(input.call, input.field);
  const saved = await receiveUpload(db, {
    conferenceId: input.conferenceId,
    userId: input.userId,
    rule: { field: input.field, types: rules.types, maxBytes: rules.maxBytes },
    fileName: input.fileName,
    data: input.data,
  });
  return { id: saved.id, originalName: saved.originalName, size: saved.size };
}

/**
 * Attaches the files a submission names, inside its transaction: each must be this account's
 * upload for that field at this conference, and either a fresh (temporary) upload or one the
 * submission already holds (`kept`). Returns the stored names to move out of the temporary area
 * once the transaction has committed.
 */
export async function attachSubmissionFiles(
  tx: Executor,
  input: { conferenceId: number; userId: string; files: { id: number | null; field: SubmissionFileField }[]; kept: (number | null)[] },
): Promise<string[]> {
  const wanted = input.files.filter((f): f is { id: number; field: SubmissionFileField } => f.id !== null);
  const { fresh } = await attachUploads(tx, {
    conferenceId: input.conferenceId,
    userId: input.userId,
    files: wanted,
    mayKeep: (row) => input.kept.includes(row.id),
  });
  return fresh;
}

/** A submission file of mine (abstract or full text, of any version) by id, or FILE_NOT_FOUND. */
export async function mySubmissionFile(db: Executor, conferenceId: number, userId: string, fileId: number) {
  const [row] = await db
    .select()
    .from(uploadedFile)
    .where(
      and(
        eq(uploadedFile.conferenceId, conferenceId),
        eq(uploadedFile.userId, userId),
        eq(uploadedFile.id, fileId),
        inArray(uploadedFile.field, Object.values(SUBMISSION_FIELDS)),
      ),
    );
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row;
}
