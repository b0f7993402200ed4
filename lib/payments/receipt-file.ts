import { createHash } from 'node:crypto';
import type { DB } from '@/db/client';
import type { Roles } from '@/lib/auth/roles';
import { AppError } from '@/lib/http/app-error';
import { storageKey } from '@/lib/storage/keys';
import { storage } from '@/lib/storage/storage';
import { receiptFor } from './receipt';
import { renderReceiptPdf, type ReceiptData } from './receipt-pdf';

/** Raise when the drawing (lib/payments/receipt-worker.mjs) or the layout changes, so stored receipts are made anew. */
const RECEIPT_LAYOUT_VERSION = 2;

/**
 * The stored file's name: a digest of the bill and of everything the PDF shows except its issue
 * date (receipt number, payee, payer, conference title and zone, lines, amounts, the refunded amount), so a receipt is
 * made once, and made again exactly when its content would differ (a refund, a corrected name).
 */
export function receiptStoredName(billId: number, data: ReceiptData): string {
  const { issuedAt: _issued, ...content } = data;
  const digest = createHash('sha256')
    .update(JSON.stringify({ v: RECEIPT_LAYOUT_VERSION, billId, content }))
    .digest('hex');
  return `${digest.slice(0, 32)}.pdf`;
}

/** The payer sees their receipt; the conference's managers (and platform administrators) see every one. */
export function canSeeReceipt(receipt: { userId: string }, userId: string, roles: Roles): boolean {
  return receipt.userId === userId || roles.manager || roles.platformAdmin;
}

/** Receipts being made in this process, by stored name: a second caller waits for the same PDF. */
const inProgress = new Map<string, Promise<void>>();

/**
 * The receipt PDF of a paid order of this conference, as a stored object (its storage key in the
 * conference's generated area): the stored one when its
 * content is unchanged, else made once (in the receipt worker, counted against the caller) and
 * stored. ORDER_NOT_FOUND when the order is not paid, not this conference's, or not the caller's
 * to see.
 */
export async function receiptFile(
  db: DB,
  conferenceId: number,
  orderId: number,
  caller: { userId: string; roles: Roles },
): Promise<{ key: string; fileName: string }> {
  const receipt = await receiptFor(db, conferenceId, orderId, (payer) => canSeeReceipt({ userId: payer }, caller.userId, caller.roles));
  if (!receipt) throw new AppError('ORDER_NOT_FOUND');
  const fileName = `receipt-${receipt.data.receiptNo}.pdf`;
  const name = receiptStoredName(receipt.billId, receipt.data);
  const key = storageKey(conferenceId, 'generated', name);
  for (;;) {
    if (await storage().exists(key)) return { key, fileName };
    // Someone is making this very receipt: wait for it, then look again (if their attempt failed,
    // for instance at their own account's limit, this caller makes it on its own account).
    const other = inProgress.get(key);
    if (other) {
      await other.catch(() => undefined);
      continue;
    }
    // storage().put writes whole or not at all: a reader never sees half a receipt.
    const making = renderReceiptPdf(receipt.data, caller.userId).then((pdf) => storage().put(key, pdf));
    inProgress.set(key, making);
    try {
      await making;
      return { key, fileName };
    } finally {
      inProgress.delete(key);
    }
  }
}
