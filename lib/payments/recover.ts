import { and, eq, lt } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { paymentBill } from '@/db/schema';
import { applyEvent } from './apply-event';
import { closeAtProviders } from './close-bills';
import type { Bill } from './create-bill';
import { sendAllPayReminders } from '@/lib/orders/pay-reminders';
import { expireStaleBills, expireStaleTransfers, expireUnpaidOrders } from './expire';
import { providerConfig } from './methods';
import { providerFor } from './providers';
import { retryPendingRefunds } from './refund';
import { isOnlineKind } from './providers/types';

const GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * Asks the provider about one pending online bill (its notification may have been lost) and applies
 * a final answer; a bill past its time with nothing final is given up (expired). Errors are logged
 * and left for the next round: the provider may be unreachable for a while.
 */
export async function recoverBill(db: DB, bill: Bill, now = new Date()): Promise<'paid' | 'failed' | 'expired' | 'open'> {
  if (bill.status !== 'pending' || !isOnlineKind(bill.methodKind)) return 'open';
  const provider = providerFor(bill.methodKind);
  const config = await providerConfig(db, bill.conferenceId, bill.methodKind, { evenIfOff: true });
  if (provider && config) {
    try {
      const event = await provider.query(config, bill);
      if (event && event.billNo === bill.billNo) {
        await applyEvent(db, { conferenceId: bill.conferenceId, kind: bill.methodKind, event, source: 'query', now });
        return event.outcome;
      }
    } catch (error) {
      console.warn(`[payments] query of ${bill.billNo} failed: ${error instanceof Error ? error.message : String(error)}`);
      // A provider that cannot answer for a day past the bill's time will not: give the bill up, so it
      // does not hold a place in the sweep for ever (a payment arriving later becomes an exception).
      if (!bill.expiresAt || bill.expiresAt.getTime() > now.getTime() - GIVE_UP_AFTER_MS) return 'open';
    }
  }
  if (bill.expiresAt && bill.expiresAt < now) {
    if ((await expireStaleBills(db, [bill.id], now)) > 0) await closeAtProviders(db, [bill.id]);
    return 'expired';
  }
  return 'open';
}

/** Pending online bills older than `minAgeMs`, asked about one by one. */
export async function recoverPendingBills(db: DB, now = new Date(), minAgeMs = 60_000): Promise<number> {
  const bills = await db
    .select()
    .from(paymentBill)
    .where(and(eq(paymentBill.status, 'pending'), lt(paymentBill.createdAt, new Date(now.getTime() - minAgeMs))))
    .orderBy(paymentBill.id)
    .limit(100);
  let settled = 0;
  for (const bill of bills) {
    try {
      if ((await recoverBill(db, bill, now)) !== 'open') settled++;
    } catch (error) {
      // One bill's trouble (a refused event, a lost connection) must not stop the others.
      console.warn(`[payments] recovering ${bill.billNo} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return settled;
}

/**
 * One round of the payment sweeper: lost notifications recovered, unanswered refunds asked again,
 * transfers never evidenced and unpaid orders expired (each participant told once), and the
 * reminders to pay of orders whose pay-by time is near sent once.
 */
export async function paymentSweep(db: DB, now = new Date()): Promise<void> {
  await recoverPendingBills(db, now);
  await retryPendingRefunds(db, now);
  await expireStaleTransfers(db, now);
  while ((await expireUnpaidOrders(db, now)) > 0) {
    // A batch at a time, until nothing is left.
  }
  await sendAllPayReminders(db, now);
}

let timer: NodeJS.Timeout | undefined;

/** Runs the sweep every `intervalMs` in this server process (several processes are safe: all of it locks rows). */
export function startPaymentSweeper(db: DB, intervalMs = Number(process.env.PAYMENT_SWEEP_MS ?? 60_000)): void {
  if (timer) return;
  const tick = () =>
    paymentSweep(db)
      .catch((error) => console.warn('[payments] sweep failed', error))
      .finally(() => {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  timer = setTimeout(tick, Math.min(intervalMs, 5_000));
  timer.unref();
}
