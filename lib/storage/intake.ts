import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { uploadedFile } from '@/db/schema';
import { envLimit } from '@/lib/accounts/rate-limit';
import { AppError, type ErrorCode } from '@/lib/http/app-error';
import { fileTypeOf } from './file-types';
import { storageKey, type StorageArea } from './keys';
import { storage } from './storage';
import { cleanName } from './stored-name';

/**
 * What one kind of upload accepts: the uploaded_file `field` it is recorded under, the extensions
 * allowed (the content must agree, lib/storage/file-types.ts), the largest size and the error a
 * larger file gets (UPLOAD_TOO_LARGE unless the kind has its own message).
 */
export type UploadRule = { field: string; types: readonly string[]; maxBytes: number; tooLarge?: ErrorCode };

/**
 * The one daily rule for every kind of upload: an account may upload at most `files` files and
 * `bytes` bytes to one conference in any 24 hours, all kinds together (registration files,
 * submission files, feedback attachments, transfer slips, materials, images). Every upload is a
 * row of uploaded_file from the moment it is received, so the rule counts each exactly once.
 * RATE_LIMIT_UPLOAD_FILES_DAY and RATE_LIMIT_UPLOAD_MB_DAY override the defaults (100 files, 500 MB).
 */
export const DAILY_UPLOAD_LIMIT = {
  files: envLimit('RATE_LIMIT_UPLOAD_FILES_DAY', 100),
  bytes: envLimit('RATE_LIMIT_UPLOAD_MB_DAY', 500) * 1024 * 1024,
} as const;
export type DailyUploadLimit = { files: number; bytes: number };

const DAY_MS = 86_400_000;

export type UploadRow = typeof uploadedFile.$inferSelect;

/** A received file, in the temporary area until attached: `name` is its stored name (the token the form sends back). */
export type TempUpload = { id: number; name: string; originalName: string; size: number; mime: string };

/** The checks that need no database: not empty, within the kind's size, one of its types by extension AND content. */
export function checkUpload(rule: UploadRule, fileName: string, data: Uint8Array): { ext: string; mime: string } {
  if (data.byteLength === 0) throw new AppError('UPLOAD_EMPTY');
  if (data.byteLength > rule.maxBytes) throw new AppError(rule.tooLarge ?? 'UPLOAD_TOO_LARGE');
  const type = fileTypeOf(fileName, data, rule.types);
  if (!type) throw new AppError('UPLOAD_TYPE', { types: rule.types.join(', ') });
  return type;
}

/**
 * Receives one file of one kind: checked (checkUpload), counted against the daily rule, recorded as
 * a temporary upload of the account and written to the temporary area. The rule is decided under a
 * per-account advisory lock in the transaction that inserts the row, so concurrent uploads of one
 * account take turns and never pass the limit together. The row is written before the file, so the
 * sweeper (removeStaleUploads) finds every temporary file, whatever its kind.
 */
export async function receiveUpload(
  db: DB,
  input: { conferenceId: number; userId: string; rule: UploadRule; fileName: string; data: Uint8Array; now?: Date },
  limit: DailyUploadLimit = DAILY_UPLOAD_LIMIT,
): Promise<TempUpload> {
  const type = checkUpload(input.rule, input.fileName, input.data);
  const now = input.now ?? new Date();
  const size = input.data.byteLength;
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const originalName = cleanName(input.fileName);
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${input.conferenceId}:${input.userId}`}))`);
    const [used] = await tx
      .select({ files: count(), bytes: sql<number>`coalesce(sum(${uploadedFile.size}), 0)`.mapWith(Number) })
      .from(uploadedFile)
      .where(
        and(
          eq(uploadedFile.conferenceId, input.conferenceId),
          eq(uploadedFile.userId, input.userId),
          gt(uploadedFile.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if (used.files + 1 > limit.files || used.bytes + size > limit.bytes) {
      throw new AppError('UPLOAD_DAILY_LIMIT', { files: limit.files, megabytes: Math.floor(limit.bytes / 1024 / 1024) });
    }
    const [inserted] = await tx
      .insert(uploadedFile)
      .values({
        conferenceId: input.conferenceId,
        userId: input.userId,
        name,
        originalName,
        field: input.rule.field,
        mime: type.mime,
        size,
        createdAt: now,
      })
      .returning({ id: uploadedFile.id });
    return inserted;
  });
  try {
    await storage().put(storageKey(input.conferenceId, 'temp', name), input.data);
  } catch (error) {
    await db.delete(uploadedFile).where(and(eq(uploadedFile.conferenceId, input.conferenceId), eq(uploadedFile.id, row.id)));
    throw error;
  }
  return { id: row.id, name, originalName, size, mime: type.mime };
}

/** An upload a form names: by its id or by its stored name, for one field. */
export type UploadRef = ({ id: number } | { name: string }) & { field: string };

const matches = (row: UploadRow, ref: UploadRef) => ('id' in ref ? row.id === ref.id : row.name === ref.name);

/**
 * Attaches the uploads a saved form names, inside the form's transaction: each must be an upload of
 * this account at this conference for that field, and either still temporary or one the form
 * already holds (`mayKeep`). The temporary ones become attached (with `set`, e.g. their
 * registration). Returns the rows in the order asked and the stored names to move out of the
 * temporary area (publishUploads) once the transaction has committed. UPLOAD_MISSING otherwise.
 */
export async function attachUploads(
  tx: Executor,
  input: {
    conferenceId: number;
    userId: string;
    files: UploadRef[];
    mayKeep?: (row: UploadRow) => boolean;
    set?: { registrationId?: number };
  },
): Promise<{ rows: UploadRow[]; fresh: string[] }> {
  if (!input.files.length) return { rows: [], fresh: [] };
  const ids = input.files.flatMap((f) => ('id' in f ? [f.id] : []));
  const names = input.files.flatMap((f) => ('name' in f ? [f.name] : []));
  const which: SQL[] = [];
  if (ids.length) which.push(inArray(uploadedFile.id, ids));
  if (names.length) which.push(inArray(uploadedFile.name, names));
  const found = await tx
    .select()
    .from(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, input.conferenceId), eq(uploadedFile.userId, input.userId), or(...which)))
    .for('update');
  const rows = input.files.map((ref) => {
    const row = found.find((r) => matches(r, ref));
    const usable = row && row.field === ref.field && (row.status === 'temp' || (input.mayKeep?.(row) ?? false));
    if (!usable) throw new AppError('UPLOAD_MISSING');
    return row;
  });
  const fresh = [...new Set(rows.filter((r) => r.status === 'temp').map((r) => r.name))];
  if (fresh.length) {
    await tx
      .update(uploadedFile)
      .set({ status: 'attached', ...input.set })
      .where(and(eq(uploadedFile.conferenceId, input.conferenceId), inArray(uploadedFile.name, fresh)));
  }
  return { rows, fresh };
}

/**
 * Moves attached uploads out of the temporary area into their final area (`files`, served to those
 * allowed, or `public`); one already moved is left as it is. Call it after the attaching
 * transaction committed: a rolled-back form leaves its files temporary, for the sweeper.
 */
export async function publishUploads(conferenceId: number, names: string[], area: Extract<StorageArea, 'files' | 'public'> = 'files') {
  for (const name of names) await storage().move(storageKey(conferenceId, 'temp', name), storageKey(conferenceId, area, name));
}

/** Drops a temporary upload at once (its row and its file), when the form that received it was refused. */
export async function discardUpload(db: Executor, conferenceId: number, name: string): Promise<void> {
  await db
    .delete(uploadedFile)
    .where(and(eq(uploadedFile.conferenceId, conferenceId), eq(uploadedFile.name, name), eq(uploadedFile.status, 'temp')));
  await storage().delete(storageKey(conferenceId, 'temp', name));
}

/**
 * Receives an upload and attaches it at once (a file that needs no later form: a banner, a picture
 * in a page, a thumbnail, a hotel photo), in the `public` area by default. Returns its stored name.
 */
export async function receiveAndPublish(
  db: DB,
  input: { conferenceId: number; userId: string; rule: UploadRule; fileName: string; data: Uint8Array },
  area: Extract<StorageArea, 'files' | 'public'> = 'public',
): Promise<TempUpload> {
  const upload = await receiveUpload(db, input);
  await db
    .update(uploadedFile)
    .set({ status: 'attached' })
    .where(and(eq(uploadedFile.conferenceId, input.conferenceId), eq(uploadedFile.id, upload.id)));
  await publishUploads(input.conferenceId, [upload.name], area);
  return upload;
}

/** Where a stored file of the conference is now: its final area, or still temporary (a move not yet done). */
export async function storedKeyOf(conferenceId: number, name: string, areas: StorageArea[] = ['files', 'temp']): Promise<string | null> {
  for (const area of areas) {
    const key = storageKey(conferenceId, area, name);
    if (await storage().exists(key)) return key;
  }
  return null;
}

/** Deletes a stored file of the conference wherever it is (final or temporary area); a missing file is fine. */
export async function removeStored(conferenceId: number, name: string): Promise<void> {
  await storage().delete(storageKey(conferenceId, 'files', name));
  await storage().delete(storageKey(conferenceId, 'temp', name));
}

/**
 * Removes temporary uploads nobody attached within a day, of every kind (the rows and the files).
 * Attached files are never touched. Rows are deleted with RETURNING, so with several server
 * processes each stale file is removed by one. Returns how many were removed.
 */
export async function removeStaleUploads(db: DB, now = new Date()): Promise<number> {
  const stale = await db
    .delete(uploadedFile)
    .where(and(eq(uploadedFile.status, 'temp'), lt(uploadedFile.createdAt, new Date(now.getTime() - DAY_MS))))
    .returning({ conferenceId: uploadedFile.conferenceId, name: uploadedFile.name });
  for (const file of stale) await storage().delete(storageKey(file.conferenceId, 'temp', file.name));
  return stale.length;
}

/** Runs removeStaleUploads every hour in the server process. */
export function startUploadSweeper(db: DB): void {
  const sweep = () => removeStaleUploads(db).catch((error: unknown) => console.error('[uploads] sweep failed', error));
  setInterval(sweep, 3_600_000).unref();
  void sweep();
}
