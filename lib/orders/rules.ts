import type { Order } from './place-fee-order';

/**
 * Transaction states (spec §4) that mean the money arrived: 'success' paid online (the provider
 * confirmed it), 'paid' paid offline (a manager confirmed the transfer).
 */
export const PAID_STATUSES = ['success', 'paid'] as const;
/** States in which an available order can still be paid: never paid, or its last attempt failed. */
export const PAYABLE_STATUSES = ['unpaid', 'failed'] as const;

export function isPaid(payStatus: string): boolean {
  return (PAID_STATUSES as readonly string[]).includes(payStatus);
}

export function isPayable(payStatus: string): boolean {
  return (PAYABLE_STATUSES as readonly string[]).includes(payStatus);
}

/** Whether the participant may still change this fee order: unpaid, and available or invalidated by a price change. */
export function canChangeOrder(order: Pick<Order, 'payStatus' | 'orderStatus' | 'invalidReason'>): boolean {
  return isPayable(order.payStatus) && (order.orderStatus === 'available' || order.invalidReason === 'priceChanged');
}

/**
 * How many units the unit price is charged for: the quantity, times the rooms of a hotel order
 * (unit price per room-night, quantity = nights), so unit price × units is always the total.
 */
export function orderUnits(order: { quantity: number; roomQuantity?: number | null }): number {
  return order.quantity * (order.roomQuantity ?? 1);
}
