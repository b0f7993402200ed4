import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentBill } from '@/db/schema';
import { hasAvailableOrder } from '@/lib/orders/queries';
import { PAYABLE_STATUSES } from '@/lib/orders/rules';

/** Order states in which there is still money to send: payable, or waiting for (a slip of) a transfer. */
const TO_PAY_ORDER_STATUSES = [...PAYABLE_STATUSES, 'delay', 'toBeConfirmed'];
/** Bills still waiting for money. */
const OPEN_BILL_STATUSES = ['pending', 'delay', 'toBeConfirmed'];

/**
 * Whether `userId` may read the payee details (bank account, postal address) of this conference's
 * offline methods: only someone with an order still to pay, or an open bill, in THIS conference.
 * Everyone else sees which methods exist, not where the money goes.
 */
export async function canSeePayeeDetails(db: Executor, conferenceId: number, userId: string): Promise<boolean> {
  if (await hasAvailableOrder(db, { conferenceId, userId, payStatuses: TO_PAY_ORDER_STATUSES })) return true;
  const [bill] = await db
    .select({ id: paymentBill.id })
    .from(paymentBill)
    .where(and(eq(paymentBill.conferenceId, conferenceId), eq(paymentBill.userId, userId), inArray(paymentBill.status, OPEN_BILL_STATUSES)))
    .limit(1);
  return Boolean(bill);
}
