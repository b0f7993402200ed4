import type { Order } from './place-fee-order';

/** Whether the participant may still change this fee order: unpaid, and available or invalidated by a price change. */
export function canChangeOrder(order: Pick<Order, 'payStatus' | 'orderStatus' | 'invalidReason'>): boolean {
  return order.payStatus === 'unpaid' && (order.orderStatus === 'available' || order.invalidReason === 'priceChanged');
}
