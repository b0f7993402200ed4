import { getTranslations } from 'next-intl/server';
import { ui } from '@/components/layout/page-parts';
import type { Locale } from '@/lib/i18n/localized';
import type { PayByTimes } from '@/lib/orders/pay-by-queries';
import { COUNTDOWN_UNDER_MS, formatPayBy } from '@/lib/orders/pay-by-text';
import { PayByCountdown } from './pay-by-countdown';

/**
 * An unpaid order's pay-by date and time in the conference's zone (lib/orders/pay-by.ts decides
 * it), with a countdown when less than a day is left.
 */
export async function PayByNote({
  orderId,
  payBy: times,
  locale,
  timeZone,
}: {
  orderId: number;
  payBy: PayByTimes | undefined;
  locale: Locale;
  timeZone: string;
}) {
  const payBy = times?.times.get(orderId);
  if (!times || !payBy) return null;
  const t = await getTranslations('orders');
  const now = times.now;
  return (
    <>
      <span className={ui.xs} data-testid="order-pay-by" data-pay-by={payBy.toISOString()}>
        {t('payBy', { time: formatPayBy(payBy, locale, timeZone) })}
      </span>
      {payBy.getTime() - now < COUNTDOWN_UNDER_MS && <PayByCountdown payBy={payBy.getTime()} serverNow={now} />}
    </>
  );
}
