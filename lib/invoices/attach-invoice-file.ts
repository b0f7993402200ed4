import { and, eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { invoiceRequest } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { attachUploads, discardUpload, publishUploads, receiveUpload, type UploadRule } from '@/lib/storage/intake';
import { queueIssuedMail } from './change-invoice-status';
import { logInvoice } from './log';
import { INVOICE_FILE_MAX_BYTES, INVOICE_FILE_TYPES } from './schemas';

/** The issued electronic invoice, through the one upload intake: a PDF or an OFD by content, at most 10 MB. */
export const INVOICE_FILE_UPLOAD: UploadRule = { field: 'invoiceFile', types: INVOICE_FILE_TYPES, maxBytes: INVOICE_FILE_MAX_BYTES };

/** Where a request must be for its e-invoice to be attached: this conference's, waiting to be invoiced, sent by email. */
function refusal(request: { status: string; delivery: string } | undefined): AppError | null {
  if (!request) return new AppError('INVOICE_NOT_FOUND');
  if (request.delivery !== 'email') return new AppError('INVOICE_POSTED');
  if (request.status !== 'toBeInvoiced') return new AppError('INVOICE_STATUS_CHANGED');
  return null;
}

/**
 * A manager attaches the issued electronic invoice (PDF or OFD) to a request of this conference
 * delivered by email: the file is checked by content and counted like every upload, the request
 * becomes "invoiced" (in place of a tracking number) and the requester is mailed, in their language,
 * a link to the order page it downloads from. Under the request's row lock, so of two managers'
 * uploads one is attached and the other refused (and its file dropped at once).
 */
export async function attachInvoiceFile(
  db: DB,
  input: { conferenceId: number; id: number; actorUserId: string; fileName: string; data: Uint8Array; origin: string },
): Promise<{ id: number; status: string; fileName: string }> {
  const where = and(eq(invoiceRequest.conferenceId, input.conferenceId), eq(invoiceRequest.id, input.id));
  // Refused before the file is stored (nothing is counted for a request that cannot take it).
  const [before] = await db.select({ status: invoiceRequest.status, delivery: invoiceRequest.delivery }).from(invoiceRequest).where(where);
  const early = refusal(before);
  if (early) throw early;
  const saved = await receiveUpload(db, {
    conferenceId: input.conferenceId,
    userId: input.actorUserId,
    rule: INVOICE_FILE_UPLOAD,
    fileName: input.fileName,
    data: input.data,
  });
  const now = new Date();
  const attached = db.transaction(async (tx) => {
    const [current] = await tx.select().from(invoiceRequest).where(where).for('update');
    const late = refusal(current);
    if (late) throw late;
    await attachUploads(tx, {
      conferenceId: input.conferenceId,
      userId: input.actorUserId,
      files: [{ id: saved.id, field: INVOICE_FILE_UPLOAD.field }],
    });
    const [moved] = await tx
      .update(invoiceRequest)
      .set({ status: 'invoiced', invoiceFileId: saved.id, invoicedAt: now, updatedAt: now, updatedBy: input.actorUserId })
      .where(and(where, eq(invoiceRequest.id, current.id)))
      .returning();
    await logInvoice(tx, moved, { from: current.status, to: 'invoiced', actor: input.actorUserId, note: saved.originalName });
    await queueIssuedMail(tx, moved, input.origin);
    return moved;
  });
  const moved = await attached.catch(async (error: unknown) => {
    await discardUpload(db, input.conferenceId, saved.name);
    throw error;
  });
  await publishUploads(input.conferenceId, [saved.name]);
  return { id: moved.id, status: moved.status, fileName: saved.originalName };
}
