import { and, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { conference, conferenceOrder, conferenceRegistration } from '@/db/schema';
import { todayIn } from '@/lib/conferences/website-config';
import type { ChooserContext } from '@/lib/fees/availability';
import { checkInvitationGuess } from '@/lib/fees/invitation-guesses';
import type { FeeChoice } from '@/lib/fees/schemas';
import { AppError } from '@/lib/http/app-error';
import type { Locale } from '@/lib/i18n/localized';
import { placeFeeOrder, releaseOrder, type Order } from './place-fee-order';
import { canChangeOrder } from './rules';

/** The registrant, and the client address their invitation code comes from (wrong codes are limited). */
type Who = { conferenceId: number; userId: string; locale: Locale; invitationCode: string; ip?: string | null; now?: Date };

const checkGuess = (db: DB, who: Who) =>
  checkInvitationGuess(
    db,
    { conferenceId: who.conferenceId, code: who.invitationCode, guesser: { ip: who.ip ?? null, userId: who.userId } },
    who.now,
  );

/**
 * My registration, locked until the transaction ends (so my own fee changes run one at a time), and
 * the chooser context (today in the conference's zone, my country); refused when not registered.
 */
async function registrantContext(tx: Executor, who: Who): Promise<{ registrationId: number; chooser: ChooserContext }> {
  const [row] = await tx
    .select({ id: conferenceRegistration.id, answers: conferenceRegistration.answers, timeZone: conference.timeZone })
    .from(conferenceRegistration)
    .innerJoin(conference, eq(conference.id, conferenceRegistration.conferenceId))
    .where(and(eq(conferenceRegistration.conferenceId, who.conferenceId), eq(conferenceRegistration.userId, who.userId)))
    .for('update', { of: conferenceRegistration });
  if (!row) throw new AppError('NOT_REGISTERED');
  const country = typeof row.answers.country === 'string' ? row.answers.country : null;
  return {
    registrationId: row.id,
    chooser: { today: todayIn(row.timeZone, who.now), locale: who.locale, country, invitationCode: who.invitationCode },
  };
}

/**
 * Changes one of my fee orders before it is paid (fee/register/update, fee/optional/update): the old
 * order is kept but made invalid and its places given back, and a new unpaid order is written for
 * the chosen fee, under its cap, in one transaction. An order a price change invalidated is chosen
 * again the same way. Quantity 0 drops an optional fee.
 */
export async function changeFeeOrder(db: DB, input: Who & { orderId: number; feeId: number; quantity: number }): Promise<Order | null> {
  await checkGuess(db, input);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(conferenceOrder)
      .where(
        and(
          eq(conferenceOrder.id, input.orderId),
          eq(conferenceOrder.conferenceId, input.conferenceId),
          eq(conferenceOrder.userId, input.userId),
        ),
      )
      .for('update');
    if (!order || (order.type !== 'registration' && order.type !== 'optional')) throw new AppError('ORDER_NOT_FOUND');
    const changeable = canChangeOrder(order);
    if (!changeable) throw new AppError('ORDER_NOT_CHANGEABLE');
    const kind = order.type === 'registration' ? 'register' : 'optional';
    if (kind === 'register' && input.quantity !== 1) throw new AppError('QUANTITY_INVALID');
    const context = await registrantContext(tx, input);
    if (order.orderStatus === 'available') await releaseOrder(tx, order, input.quantity === 0 ? 'cancelled' : 'changed', input.userId);
    else {
      // Chosen again after a price change: only while no other available order of that kind replaced it.
      const [other] = await tx
        .select({ id: conferenceOrder.id })
        .from(conferenceOrder)
        .where(
          and(
            eq(conferenceOrder.conferenceId, input.conferenceId),
            eq(conferenceOrder.userId, input.userId),
            eq(conferenceOrder.type, order.type),
            eq(conferenceOrder.orderStatus, 'available'),
            ...(kind === 'optional' && order.feeId ? [eq(conferenceOrder.feeId, order.feeId)] : []),
          ),
        );
      if (other) throw new AppError('ORDER_NOT_CHANGEABLE');
    }
    if (input.quantity === 0) return null;
    return placeFeeOrder(tx, {
      conferenceId: input.conferenceId,
      userId: input.userId,
      registrationId: context.registrationId,
      feeId: input.feeId,
      quantity: input.quantity,
      kind,
      chooser: context.chooser,
      actorUserId: input.userId,
    });
  });
}

/**
 * Adds fees after registering (a registrant the organiser added, a conference that became charged,
 * or an optional fee chosen later): a registration fee only while I hold none, optional fees one
 * available order each, all in one transaction under the fees' caps.
 */
export async function addFeeOrders(db: DB, input: Who & { choice: FeeChoice }): Promise<Order[]> {
  await checkGuess(db, input);
  return db.transaction(async (tx) => {
    const context = await registrantContext(tx, input);
    const common = {
      conferenceId: input.conferenceId,
      userId: input.userId,
      registrationId: context.registrationId,
      chooser: context.chooser,
      actorUserId: input.userId,
    };
    const orders: Order[] = [];
    if (input.choice.registerFeeId !== null) {
      const [held] = await tx
        .select({ id: conferenceOrder.id })
        .from(conferenceOrder)
        .where(
          and(
            eq(conferenceOrder.conferenceId, input.conferenceId),
            eq(conferenceOrder.userId, input.userId),
            eq(conferenceOrder.type, 'registration'),
            eq(conferenceOrder.orderStatus, 'available'),
          ),
        );
      if (held) throw new AppError('FEE_TAKEN');
      orders.push(await placeFeeOrder(tx, { ...common, feeId: input.choice.registerFeeId, quantity: 1, kind: 'register' }));
    }
    for (const item of input.choice.optional)
      orders.push(await placeFeeOrder(tx, { ...common, feeId: item.feeId, quantity: item.quantity, kind: 'optional' }));
    return orders;
  });
}

/** Adds one optional fee after registering. */
export async function addOptionalFee(db: DB, input: Who & { feeId: number; quantity: number }): Promise<Order> {
  const [order] = await addFeeOrders(db, {
    ...input,
    choice: { registerFeeId: null, optional: [{ feeId: input.feeId, quantity: input.quantity }], invitationCode: input.invitationCode },
  });
  return order;
}
