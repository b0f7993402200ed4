import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceOrder, invoiceRequest, uploadedFile } from '@/db/schema';
import { extensionOf } from '@/lib/storage/file-types';

export type InvoiceFile = { name: string; mime: string; downloadName: string };

/** The attached e-invoice of the request matching `which`, within the conference (every table's conference in the WHERE). */
async function invoiceFileWhere(db: Executor, conferenceId: number, which: SQL): Promise<InvoiceFile | null> {
  const [row] = await db
    .select({ name: uploadedFile.name, mime: uploadedFile.mime, orderNo: conferenceOrder.orderNo })
    .from(invoiceRequest)
    .innerJoin(uploadedFile, and(eq(uploadedFile.id, invoiceRequest.invoiceFileId), eq(uploadedFile.conferenceId, conferenceId)))
    .innerJoin(conferenceOrder, and(eq(conferenceOrder.id, invoiceRequest.orderId), eq(conferenceOrder.conferenceId, conferenceId)))
    .where(and(eq(invoiceRequest.conferenceId, conferenceId), which));
  if (!row) return null;
  return { name: row.name, mime: row.mime, downloadName: `invoice-${row.orderNo}.${extensionOf(row.name)}` };
}

/** My e-invoice for my order at this conference; null when the order, the request or the file is not mine or not there. */
export function myInvoiceFile(db: Executor, params: { conferenceId: number; userId: string; orderId: number }) {
  return invoiceFileWhere(
    db,
    params.conferenceId,
    and(eq(invoiceRequest.userId, params.userId), eq(invoiceRequest.orderId, params.orderId))!,
  );
}

/** A request's e-invoice as its conference's managers see it. */
export function managedInvoiceFile(db: Executor, params: { conferenceId: number; id: number }) {
  return invoiceFileWhere(db, params.conferenceId, eq(invoiceRequest.id, params.id));
}
