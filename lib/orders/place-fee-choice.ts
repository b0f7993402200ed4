import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { registrationFee } from '@/db/schema';
import { feeUnavailable, type ChooserContext } from '@/lib/fees/availability';
import type { FeeChoice } from '@/lib/fees/schemas';
import { AppError } from '@/lib/http/app-error';
import { placeFeeOrder, type Order } from './place-fee-order';

/**
 * Writes the unpaid orders of a registrant's fee choice inside the registration's transaction: one
 * registration fee (required while one can be chosen) and the optional fees with their quantities.
 * A free conference (costsSet off) takes no fees.
 */
export async function placeFeeChoice(
  tx: Executor,
  input: {
    conferenceId: number;
    userId: string;
    registrationId: number;
    choice: FeeChoice;
    chooser: ChooserContext;
    charged: boolean;
    actorUserId: string;
  },
): Promise<Order[]> {
  if (!input.charged) return [];
  const { choice } = input;
  const feeIds = choice.optional.map((o) => o.feeId);
  if (new Set(feeIds).size !== feeIds.length) throw new AppError('FEE_TAKEN');
  if (choice.registerFeeId === null) {
    const registerFees = await tx
      .select()
      .from(registrationFee)
      .where(
        and(
          eq(registrationFee.conferenceId, input.conferenceId),
          eq(registrationFee.kind, 'register'),
          eq(registrationFee.archived, false),
        ),
      );
    // Full fees count as choosable: the participant is told it is full rather than let through free.
    if (registerFees.some((fee) => [null, 'full'].includes(feeUnavailable(fee, input.chooser)))) {
      throw new AppError('CHOOSE_REGISTER_FEE');
    }
  }
  const common = {
    conferenceId: input.conferenceId,
    userId: input.userId,
    registrationId: input.registrationId,
    chooser: input.chooser,
    actorUserId: input.actorUserId,
  };
  const orders: Order[] = [];
  if (choice.registerFeeId !== null)
    orders.push(await placeFeeOrder(tx, { ...common, feeId: choice.registerFeeId, quantity: 1, kind: 'register' }));
  for (const item of choice.optional)
    orders.push(await placeFeeOrder(tx, { ...common, feeId: item.feeId, quantity: item.quantity, kind: 'optional' }));
  return orders;
}
