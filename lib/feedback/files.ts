import type { DB, Executor } from '@/db/client';
import type { AttachedFile } from '@/db/schema';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { attachUploads, receiveUpload } from '@/lib/storage/intake';

/** The uploaded_file field of a feedback attachment. */
export const FEEDBACK_FILE_FIELD = 'feedback';
/** What a feedback may carry: documents, pictures, text and archives (checked by content too). */
export const FEEDBACK_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'zip'] as const;
/** The upload limit of spec §5/§9 (20 MB). */
export const FEEDBACK_FILE_MAX_BYTES = UPLOAD_MAX_BYTES;
/** What a feedback attachment may be, for the upload intake. */
const FEEDBACK_UPLOAD = { field: FEEDBACK_FILE_FIELD, types: FEEDBACK_FILE_TYPES, maxBytes: FEEDBACK_FILE_MAX_BYTES };

/**
 * Receives a feedback attachment through the upload intake into the temporary area: not empty,
 * within 20 MB, one of FEEDBACK_FILE_TYPES by extension AND content, within the daily upload rule
 * of the account. It becomes the feedback's file when a feedback names it.
 */
export async function saveFeedbackUpload(
  db: DB,
  input: { conferenceId: number; userId: string; fileName: string; data: Uint8Array; now?: Date },
): Promise<{ id: number; originalName: string; size: number }> {
  const saved = await receiveUpload(db, { ...input, rule: FEEDBACK_UPLOAD });
  return { id: saved.id, originalName: saved.originalName, size: saved.size };
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
  const { rows } = await attachUploads(tx, {
    conferenceId: input.conferenceId,
    userId: input.userId,
    files: [{ id: input.fileId, field: FEEDBACK_FILE_FIELD }],
  });
  const [row] = rows;
  return { name: row.name, oriName: row.originalName, size: row.size, mime: row.mime };
}
