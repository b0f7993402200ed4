import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uploadedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { fileTypeOf, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { writeTemp } from '@/lib/storage/local-storage';
import { cleanName } from '@/lib/storage/stored-name';
import type { StoredCallConfig } from './config';
import { SUBMISSION_FIELDS, type SubmissionFileField } from './schemas';

/** The files one account may upload for submissions in a day. */
const UPLOADS_PER_DAY = 100;

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
 * Receives an abstract or full-text file into the temporary area (the uploaded_file machinery of
 * registration): within the call's size, of one of the call's types by extension AND content, at
 * most 100 a day per account. It becomes part of a submission when one is saved naming it.
 */
export async function saveSubmissionUpload(
  db: DB,
  input: { conferenceId: number; userId: string; call: StoredCallConfig; field: SubmissionFileField; fileName: string; data: Uint8Array },
): Promise<{ id: number; originalName: string; size: number }> {
  const rules = fileRulesFor(input.call, input.field);
  if (input.data.byteLength === 0) throw new AppError('UPLOAD_EMPTY');
  if (input.data.byteLength > rules.maxBytes) throw new AppError('UPLOAD_TOO_LARGE');
  const type = fileTypeOf(input.fileName, input.data, rules.types);
  if (!type) throw new AppError('UPLOAD_TYPE', { types: rules.types.join(', ') });
  const since = new Date(Date.now() - 86_400_000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(uploadedFile)
    .where(
      and(
        eq(uploadedFile.conferenceId, input.conferenceId),
        eq(uploadedFile.userId, input.userId),
        inArray(uploadedFile.field, Object.values(SUBMISSION_FIELDS)),
        gt(uploadedFile.createdAt, since),
      ),
    );
  if (n >= UPLOADS_PER_DAY) throw new AppError('RATE_LIMITED');
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const originalName = cleanName(input.fileName);
  await writeTemp(input.conferenceId, name, input.data);
  const [row] = await db
    .insert(uploadedFile)
    .values({
      conferenceId: input.conferenceId,
      userId: input.userId,
      name,
      originalName,
      field: input.field,
      mime: type.mime,
      size: input.data.byteLength,
    })
    .returning({ id: uploadedFile.id });
  return { id: row.id, originalName, size: input.data.byteLength };
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
  if (!wanted.length) return [];
  const rows = await tx
    .select()
    .from(uploadedFile)
    .where(
      and(
        eq(uploadedFile.conferenceId, input.conferenceId),
        eq(uploadedFile.userId, input.userId),
        inArray(
          uploadedFile.id,
          wanted.map((f) => f.id),
        ),
      ),
    )
    .for('update');
  for (const file of wanted) {
    const row = rows.find((r) => r.id === file.id);
    const usable = row && row.field === file.field && (row.status === 'temp' || input.kept.includes(row.id));
    if (!usable) throw new AppError('UPLOAD_MISSING');
  }
  const fresh = rows.filter((r) => r.status === 'temp');
  if (fresh.length) {
    await tx
      .update(uploadedFile)
      .set({ status: 'attached' })
      .where(
        and(
          eq(uploadedFile.conferenceId, input.conferenceId),
          inArray(
            uploadedFile.id,
            fresh.map((r) => r.id),
          ),
        ),
      );
  }
  return fresh.map((r) => r.name);
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
