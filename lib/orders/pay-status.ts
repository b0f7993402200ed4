/**
 * An order's payment state as its words: every place that shows one (lists, details, exports, both
 * languages) goes through payStatusLabel, so a state never reaches a reader as its stored code.
 */
export const PAY_STATUSES = [
  'unpaid',
  'delay',
  'toBeConfirmed',
  'paid',
  'success',
  'cancelled',
  'expired',
  'paymentException',
  'abnormal',
  'failed',
] as const;

export type PayStatus = (typeof PAY_STATUSES)[number];

export function isPayStatus(value: string): value is PayStatus {
  return (PAY_STATUSES as readonly string[]).includes(value);
}

/** The `orders` messages' translator (server or client). */
type OrdersTranslator = (key: `pay_${PayStatus}` | 'pay_unknown') => string;

/** The words for a payment state; a value this version does not know reads "unknown", never its code. */
export function payStatusLabel(t: OrdersTranslator, status: string): string {
  return isPayStatus(status) ? t(`pay_${status}`) : t('pay_unknown');
}
