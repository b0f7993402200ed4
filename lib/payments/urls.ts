import { localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';

/** Where a payer comes back to, and where providers post their notifications. */
export function paymentUrls(origin: string, locale: Locale, billId: number, kind: string) {
  const result = `${origin}${localePath(locale, `/profile/order/pay/goto/result/${billId}`)}`;
  return {
    returnUrl: result,
    cancelUrl: `${result}?cancelled=1`,
    notifyUrl: `${origin}/api/conference/pay/notify/${kind}`,
  };
}
