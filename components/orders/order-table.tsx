import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ui } from '@/components/layout/page-parts';
import { ListTable } from '@/components/ui/list-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatMoney } from '@/lib/fees/money';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { Order } from '@/lib/orders/place-fee-order';
import { conferenceFormatter } from '@/lib/i18n/format';
import { orderUnits } from '@/lib/orders/rules';
import type { PayByTimes } from '@/lib/orders/pay-by-queries';
import { PayByNote } from './pay-by-note';
import { payStatusLabel } from '@/lib/orders/pay-status';

const PAY_COLORS: Record<string, string> = {
  unpaid: 'orange',
  delay: 'yellow',
  toBeConfirmed: 'yellow',
  paid: 'green',
  success: 'green',
  cancelled: 'gray',
  expired: 'gray',
};

/**
 * Orders as a list (a table, or cards on a phone): item (with its number and type), unit price ×
 * quantity, total, payment and order status (with the pay-by time of an unpaid one), the fee's own
 * deadline or the order time, and an action per row.
 * Narrow enough to show every column in the personal centre at 1280 px, with room for two buttons.
 */
export async function OrderTable({
  orders,
  locale,
  timeZone,
  columns = 'full',
  action,
  payBy,
}: {
  orders: Order[];
  locale: Locale;
  /** The conference's time zone, for the order times. */
  timeZone: string;
  columns?: 'full' | 'fee';
  action?: (order: Order) => ReactNode;
  /** Each unpaid order's pay-by time (lib/orders/pay-by-queries.ts), shown under its status. */
  payBy?: PayByTimes;
}) {
  const t = await getTranslations('orders');
  const format = conferenceFormatter(locale, timeZone);
  const full = columns === 'full';
  const head = [
    t('item'),
    `${t('unitPrice')} × ${t('quantity')}`,
    t('total'),
    t('payStatus'),
    full ? t('createdAt') : t('feeDeadline'),
    ...(action ? [''] : []),
  ];
  const at = (name: string) => head.indexOf(name);
  const actionAt = action ? head.length - 1 : -1;
  return (
    <ListTable
      framed={false}
      minWidth={full ? 640 : 560}
      testId="order-table"
      empty={null}
      head={head}
      title={at(t('item'))}
      primary={[at(t('total')), at(t('payStatus')), actionAt]}
      nowrap={[at(t('total'))]}
      rows={orders.map((order) => ({
        key: order.id,
        attrs: {
          'data-testid': 'order-row',
          'data-order': order.orderNo,
          'data-status': order.orderStatus === 'available' ? order.payStatus : 'invalid',
        },
        cells: [
          <div key="item">
            <div className={`${ui.sm} ${ui.medium}`}>{localized(order.itemName, locale)}</div>
            <div className={`${ui.xs} ${ui.dimmed}`}>
              {t('orderNo')}{' '}
              <span className={ui.mono} data-testid="order-no">
                {order.orderNo}
              </span>
              {full && ` · ${t.has(`type_${order.type}`) ? t(`type_${order.type}`) : order.type}`}
            </div>
          </div>,
          <span key="price">
            {formatMoney(order.unitPriceMinor, order.currency, locale)} × {orderUnits(order)}
          </span>,
          <span key="total" className={ui.strong} data-testid="order-total">
            {formatMoney(order.totalMinor, order.currency, locale)}
          </span>,
          <div key="status" className={ui.stack} data-gap="tight" data-align="start">
            {order.orderStatus === 'available' ? (
              <StatusBadge color={PAY_COLORS[order.payStatus] ?? 'red'} data-testid="order-status">
                {payStatusLabel(t, order.payStatus)}
              </StatusBadge>
            ) : (
              <StatusBadge color="gray" data-testid="order-status">
                {t('status_invalid')}
              </StatusBadge>
            )}
            {order.orderStatus === 'invalid' && order.invalidReason && t.has(`invalid_${order.invalidReason}`) && (
              <span className={`${ui.xs} ${ui.dimmed}`}>{t(`invalid_${order.invalidReason}`)}</span>
            )}
            <PayByNote orderId={order.id} payBy={payBy} locale={locale} timeZone={timeZone} />
          </div>,
          <span key="time" data-testid="order-time">
            {full ? format.dateTime(order.createdAt, 'short') : (order.deadline ?? '—')}
          </span>,
          ...(action ? [<div key="action">{action(order)}</div>] : []),
        ],
      }))}
    />
  );
}
