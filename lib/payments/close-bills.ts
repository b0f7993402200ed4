import { inArray } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { paymentBill } from '@/db/schema';
import { providerConfig } from './methods';
import { providerFor } from './providers';
import { isOnlineKind } from './providers/types';

/**
 * Closes given-up online payments at their providers (after the transaction that gave them up
 * committed), so a payer with the old page still open cannot pay it. Best effort and quiet: a
 * provider that cannot close, or is unreachable, leaves the page open, and money paid there all the
 * same is still applied to the orders when they can take it, else kept as a payment exception.
 */
export async function closeAtProviders(db: DB, billIds: number[]): Promise<void> {
  if (billIds.length === 0) return;
  const bills = await db.select().from(paymentBill).where(inArray(paymentBill.id, billIds));
  for (const bill of bills) {
    if (!isOnlineKind(bill.methodKind) || bill.status === 'paid') continue;
    const provider = providerFor(bill.methodKind);
    if (!provider.close) continue;
    try {
      const config = await providerConfig(db, bill.conferenceId, bill.methodKind, { evenIfOff: true });
      if (config) await provider.close(config, bill);
    } catch (error) {
      console.warn(
        `[payments] closing ${bill.billNo} at ${bill.methodKind} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
