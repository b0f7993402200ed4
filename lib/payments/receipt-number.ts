import { and, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { paymentReceipt, receiptSettings } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { receiptNumber, type ReceiptSettingsValues } from './receipt-settings-schema';

export type IssuedReceipt = typeof paymentReceipt.$inferSelect;

/** How many numbers already taken (a sequence moved back over issued ones) issuing skips before giving up. */
const MAX_SKIPS = 1000;

export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettingsValues = {
  payeeName: { zh: '', en: '' },
  taxpayerId: '',
  numberPrefix: '',
  nextNumber: 1,
};

/** The conference's receipt settings (the defaults until a manager saved them). */
export async function receiptSettingsOf(db: Executor, conferenceId: number): Promise<ReceiptSettingsValues> {
  const [row] = await db.select().from(receiptSettings).where(eq(receiptSettings.conferenceId, conferenceId));
  if (!row) return DEFAULT_RECEIPT_SETTINGS;
  return { payeeName: row.payeeName, taxpayerId: row.taxpayerId, numberPrefix: row.numberPrefix, nextNumber: row.nextNumber };
}

/** Saves the receipt settings (under the row's lock, so it never interleaves with a number being taken). */
export async function saveReceiptSettings(db: Executor, conferenceId: number, values: ReceiptSettingsValues, actorUserId: string) {
  await db
    .insert(receiptSettings)
    .values({ conferenceId, ...values, updatedBy: actorUserId })
    .onConflictDoUpdate({ target: receiptSettings.conferenceId, set: { ...values, updatedBy: actorUserId, updatedAt: new Date() } });
  return values;
}

const issuedFor = async (db: Executor, conferenceId: number, billId: number) =>
  (
    await db
      .select()
      .from(paymentReceipt)
      .where(and(eq(paymentReceipt.conferenceId, conferenceId), eq(paymentReceipt.billId, billId)))
  )[0];

/**
 * The receipt of a paid bill, issued once: the first call takes the next number of the
 * conference's sequence and records it with the payee named then; every later call (a download
 * again) gets the same receipt. The number is taken under the settings row's lock in the
 * transaction that records it, so concurrent receipts never share a number, and two first calls
 * for one bill make one receipt (the second finds the first's once it has the lock). A number
 * already issued (a sequence moved back) is skipped. The caller decides who may have it issued.
 */
export async function issueReceipt(db: DB, conferenceId: number, billId: number, now = new Date()): Promise<IssuedReceipt> {
  const found = await issuedFor(db, conferenceId, billId);
  if (found) return found;
  return db.transaction(async (tx) => {
    await tx.insert(receiptSettings).values({ conferenceId }).onConflictDoNothing({ target: receiptSettings.conferenceId });
    const [settings] = await tx.select().from(receiptSettings).where(eq(receiptSettings.conferenceId, conferenceId)).for('update');
    const again = await issuedFor(tx, conferenceId, billId);
    if (again) return again;
    for (let next = settings.nextNumber; next < settings.nextNumber + MAX_SKIPS; next++) {
      const [made] = await tx
        .insert(paymentReceipt)
        .values({
          conferenceId,
          billId,
          receiptNo: receiptNumber(settings.numberPrefix, next),
          payeeName: settings.payeeName,
          taxpayerId: settings.taxpayerId,
          issuedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (made) {
        await tx
          .update(receiptSettings)
          .set({ nextNumber: next + 1 })
          .where(eq(receiptSettings.conferenceId, conferenceId));
        return made;
      }
    }
    throw new AppError('RECEIPT_NUMBERS_TAKEN');
  });
}
