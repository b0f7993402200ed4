import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { downloadMaterial, type AttachedFile } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { attachUploads, checkUpload, discardUpload, publishUploads, receiveUpload, removeStored } from '@/lib/storage/intake';
import { audiencesFor, canDownload, type Viewer } from './permissions';
import { DOWNLOAD_MAX_BYTES, DOWNLOAD_TYPES, ZMaterialInput, ZMaterialMove, type DownloadAudience, type MaterialInput } from './schemas';

export type Material = {
  id: number;
  title: LocalizedText;
  description: LocalizedText;
  audience: DownloadAudience;
  file: AttachedFile;
  sortOrder: number;
  createdAt: Date;
};

const columns = {
  id: downloadMaterial.id,
  title: downloadMaterial.title,
  description: downloadMaterial.description,
  audience: downloadMaterial.audience,
  file: downloadMaterial.file,
  sortOrder: downloadMaterial.sortOrder,
  createdAt: downloadMaterial.createdAt,
};
const ORDER = [asc(downloadMaterial.sortOrder), asc(downloadMaterial.id)] as const;

/** Every material of the conference in the organiser's order. */
export async function listMaterialsForOrganiser(db: Executor, conferenceId: number): Promise<Material[]> {
  const rows = await db
    .select(columns)
    .from(downloadMaterial)
    .where(eq(downloadMaterial.conferenceId, conferenceId))
    .orderBy(...ORDER);
  return rows as Material[];
}

/** The materials the viewer may download, in the organiser's order, and how many others there are (for the hint). */
export async function listMaterialsFor(
  db: Executor,
  conferenceId: number,
  viewer: Viewer,
): Promise<{ materials: Material[]; hidden: number }> {
  const audiences = audiencesFor(viewer);
  const [rows, [{ hidden }]] = await Promise.all([
    db
      .select(columns)
      .from(downloadMaterial)
      .where(and(eq(downloadMaterial.conferenceId, conferenceId), inArray(downloadMaterial.audience, audiences)))
      .orderBy(...ORDER),
    db
      .select({ hidden: sql<number>`count(*)::int` })
      .from(downloadMaterial)
      .where(and(eq(downloadMaterial.conferenceId, conferenceId), notInArray(downloadMaterial.audience, audiences))),
  ]);
  return { materials: rows as Material[], hidden };
}

/**
 * A material of this conference for the viewer to download: not found when it is not this
 * conference's, refused (in words saying who it is for) when the viewer is not in its audience.
 */
export async function materialToDownload(db: Executor, conferenceId: number, viewer: Viewer, id: number): Promise<Material> {
  const [row] = await db
    .select(columns)
    .from(downloadMaterial)
    .where(and(eq(downloadMaterial.id, id), eq(downloadMaterial.conferenceId, conferenceId)));
  if (!row) throw new AppError('DOWNLOAD_NOT_FOUND');
  if (!canDownload(viewer, row.audience)) throw new AppError(row.audience === 'paid' ? 'DOWNLOAD_PAID_ONLY' : 'DOWNLOAD_REGISTRANTS_ONLY');
  return row as Material;
}

/** What a material's file may be, for the upload intake: at most 20 MB, one of the accepted types by extension AND content. */
export const MATERIAL_UPLOAD = { field: 'downloadMaterial', types: DOWNLOAD_TYPES, maxBytes: DOWNLOAD_MAX_BYTES } as const;

/** The uploaded file checked: not empty, within 20 MB, one of the accepted types by extension AND content. */
export function checkMaterialFile(fileName: string, data: Uint8Array): { ext: string; mime: string } {
  return checkUpload(MATERIAL_UPLOAD, fileName, data);
}

/**
 * Adds a material, last in the list: the fields and the file are checked first (nothing is stored
 * when either is refused), the file comes in through the upload intake, the row is written with
 * the upload attached in one transaction, and the file moves to the conference's files.
 */
export async function createMaterial(
  db: DB,
  conferenceId: number,
  userId: string,
  raw: MaterialInput,
  upload: { fileName: string; data: Uint8Array },
): Promise<{ id: number }> {
  const input = ZMaterialInput.parse(raw);
  checkMaterialFile(upload.fileName, upload.data);
  const saved = await receiveUpload(db, { conferenceId, userId, rule: MATERIAL_UPLOAD, ...upload });
  const file: AttachedFile = { name: saved.name, oriName: saved.originalName, size: saved.size, mime: saved.mime };
  const created = db.transaction(async (tx) => {
    await attachUploads(tx, { conferenceId, userId, files: [{ id: saved.id, field: MATERIAL_UPLOAD.field }] });
    const [row] = await tx
      .insert(downloadMaterial)
      .values({
        conferenceId,
        createdBy: userId,
        title: input.title,
        description: input.description,
        audience: input.audience,
        file,
        sortOrder: sql`(select coalesce(max(${downloadMaterial.sortOrder}), 0) + 10 from ${downloadMaterial} where ${downloadMaterial.conferenceId} = ${conferenceId})`,
      })
      .returning({ id: downloadMaterial.id });
    return row;
  });
  const { id } = await created.catch(async (error: unknown) => {
    await discardUpload(db, conferenceId, saved.name);
    throw error;
  });
  await publishUploads(conferenceId, [saved.name]);
  return { id };
}

/** Changes a material's title, description and audience (the file stays; to replace it, upload anew). */
export async function updateMaterial(db: DB, conferenceId: number, id: number, raw: MaterialInput): Promise<{ id: number }> {
  const input = ZMaterialInput.parse(raw);
  const rows = await db
    .update(downloadMaterial)
    .set({ title: input.title, description: input.description, audience: input.audience })
    .where(and(eq(downloadMaterial.id, id), eq(downloadMaterial.conferenceId, conferenceId)))
    .returning({ id: downloadMaterial.id });
  if (!rows.length) throw new AppError('DOWNLOAD_NOT_FOUND');
  return { id };
}

/** Deletes a material and then its file. */
export async function deleteMaterial(db: DB, conferenceId: number, id: number): Promise<{ id: number }> {
  const rows = await db
    .delete(downloadMaterial)
    .where(and(eq(downloadMaterial.id, id), eq(downloadMaterial.conferenceId, conferenceId)))
    .returning({ file: downloadMaterial.file });
  if (!rows.length) throw new AppError('DOWNLOAD_NOT_FOUND');
  await removeStored(conferenceId, rows[0].file.name).catch((error) => console.warn('[downloads] file not removed', error));
  return { id };
}

/**
 * Moves a material one place up or down. The conference's materials are locked in their order
 * first, so two organisers reordering at once cannot leave two materials on one place.
 */
export async function moveMaterial(db: DB, conferenceId: number, id: number, raw: { direction: 'up' | 'down' }): Promise<{ id: number }> {
  const { direction } = ZMaterialMove.parse(raw);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: downloadMaterial.id })
      .from(downloadMaterial)
      .where(eq(downloadMaterial.conferenceId, conferenceId))
      .orderBy(...ORDER)
      .for('update');
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw new AppError('DOWNLOAD_NOT_FOUND');
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) return { id };
    const order = rows.map((r) => r.id);
    [order[at], order[to]] = [order[to], order[at]];
    for (const [index, materialId] of order.entries()) {
      await tx
        .update(downloadMaterial)
        .set({ sortOrder: (index + 1) * 10 })
        .where(and(eq(downloadMaterial.id, materialId), eq(downloadMaterial.conferenceId, conferenceId)));
    }
    return { id };
  });
}
