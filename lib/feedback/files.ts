import { randomBytes } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uploadedFile, type AttachedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { fileTypeOf, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { writeTemp } from '@/lib/storage/local-storage';
import { cleanName } from '@/lib/storage/stored-name';

/** The uploaded_file field of a feedback attachment. */
export const FEEDBACK_FILE_FIELD = 'feedback';
/** What a feedback may carry: documents, pictures, text and archives (checked by content too). */
export const FEEDBACK_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'zip'] as const;
/** The upload limit of spec §5/§9 (20 MB). */
export const FEEDBACK_FILE_MAX_BYTES = UPLOAD_MAX_BYTES;
/** The feedback files one account may upload to a conference in a day. */
const UPLOADS_PER_DAY = 30;

/**
 * Receives a feedback attachment into the temporary area (the uploaded_file machinery of
 * registration and submissions): not empty, within 20 MB, one of FEEDBACK_FILE_TYPES by extension
 * AND content, at most 30 a day per account. It becomes the feedback's file when a feedback names it.
 */
export async function saveFeedbackUpload(
  db: DB,
  input: { conferenceId: number; userId: string; fileName: string; data: Uint8Array; now?: Date },
): Promise<{ id: number; originalName: string; size: number }> {
  if (input.data.byteLength === 0) throw new AppError('UPLOAD_EMPTY');
  if (input.data.byteLength > FEEDBACK_FILE_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const type = fileTypeOf(input.fileName, input.data, FEEDBACK_FILE_TYPES);
  if (!type) throw new AppError('UPLOAD_TYPE', { types: FEEDBACK_FILE_TYPES.join(', ') });
  const since = new Date((input.now ?? new Date()).getTime() - 86_400_000);
  const [{ n }] = await db
    .select({ n: count() })
    .from(uploadedFile)
    .where(
      and(
        eq(uploadedFile.conferenceId, input.conferenceId),
        eq(uploadedFile.userId, input.userId),
        eq(uploadedFile.field, FEEDBACK_FILE_FIELD),
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
      field: FEEDBACK_FILE_FIELD,
      mime: type.mime,
      size: input.data.byteLength,
    })
    .returning({ id: uploadedFile.id });
  return { id: row.id, originalName, size: input.data.byteLength };
}

/**
 * Attaches the upload a feedback names, inside its transaction: it must be this account's fresh
 * (temporary) feedback upload at this conference. Returns the file as the feedback keeps it; its
 * stored name is moved out of the temporary area once the transaction has committed.
 */
export async function attachFeedbackFile(
  tx: Executor,
  input: { conferenceId: number; userId: string; fileId: number },
): Promise<AttachedFile> {
  const [row] = await tx
    .select()
    .from(uploadedFile)
    .where(
      and(
        eq(uploadedFile.conferenceId, input.conferenceId),
        eq(uploadedFile.userId, input.userId),
        eq(uploadedFile.id, input.fileId),
        eq(uploadedFile.field, FEEDBACK_FILE_FIELD),
      ),
    )
    .for('update');
  if (!row || row.status !== 'temp') throw new AppError('UPLOAD_MISSING');
  await tx
    .update(uploadedFile)
    .set({ status: 'attached' })
    .where(and(eq(uploadedFile.conferenceId, input.conferenceId), eq(uploadedFile.id, row.id)));
  return { name: row.name, oriName: row.originalName, size: row.size, mime: row.mime };
}
