import { Badge, Group, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/fees/money';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { Order } from '@/lib/orders/place-fee-order';
import { conferenceFormatter } from '@/lib/i18n/format';
import { orderUnits } from '@/lib/orders/rules';
import type { PayByTimes } from '@/lib/orders/pay-by-queries';
import { PayByNote } from './pay-by-note';

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
 * Orders as a table: number, item, unit price × quantity, total, payment and order status (with the
 * pay-by time of an unpaid one), the fee's own deadline or the order time, and an action per row.
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
  return (
    <TableScrollContainer minWidth={columns === 'full' ? 760 : 600}>
      <Table striped data-testid="order-table" style={{ whiteSpace: 'nowrap' }}>
        <TableThead>
          <TableTr>
            <TableTh>{t('orderNo')}</TableTh>
            {columns === 'full' && <TableTh>{t('type')}</TableTh>}
            <TableTh>{t('item')}</TableTh>
            {columns === 'full' ? (
              <>
                <TableTh>{t('unitPrice')}</TableTh>
                <TableTh>{t('quantity')}</TableTh>
              </>
            ) : (
              <TableTh>
                {t('unitPrice')} × {t('quantity')}
              </TableTh>
            )}
            <TableTh>{t('total')}</TableTh>
            <TableTh>{t('payStatus')}</TableTh>
            <TableTh>{columns === 'full' ? t('createdAt') : t('feeDeadline')}</TableTh>
            {action && <TableTh />}
          </TableTr>
        </TableThead>
        <TableTbody>
          {orders.map((order) => (
            <TableTr
              key={order.id}
              data-testid="order-row"
              data-order={order.orderNo}
              data-status={order.orderStatus === 'available' ? order.payStatus : 'invalid'}
            >
              <TableTd>
                <Text size="sm" ff="monospace">
                  {order.orderNo}
                </Text>
              </TableTd>
              {columns === 'full' && (
                <TableTd>
                  <Text size="sm">{t.has(`type_${order.type}`) ? t(`type_${order.type}`) : order.type}</Text>
                </TableTd>
              )}
              <TableTd>
                <Text size="sm">{localized(order.itemName, locale)}</Text>
              </TableTd>
              {columns === 'full' ? (
                <>
                  <TableTd>
                    <Text size="sm">{formatMoney(order.unitPriceMinor, order.currency, locale)}</Text>
                  </TableTd>
                  <TableTd>
                    <Text size="sm">{orderUnits(order)}</Text>
                  </TableTd>
                </>
              ) : (
                <TableTd>
                  <Text size="sm">
                    {formatMoney(order.unitPriceMinor, order.currency, locale)} × {orderUnits(order)}
                  </Text>
                </TableTd>
              )}
              <TableTd>
                <Text size="sm" fw={600} data-testid="order-total">
                  {formatMoney(order.totalMinor, order.currency, locale)}
                </Text>
              </TableTd>
              <TableTd>
                <Group gap={4}>
                  {order.orderStatus === 'available' ? (
                    <Badge size="sm" variant="light" color={PAY_COLORS[order.payStatus] ?? 'red'} data-testid="order-status">
                      {t.has(`pay_${order.payStatus}`) ? t(`pay_${order.payStatus}`) : order.payStatus}
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="light" color="gray" data-testid="order-status">
                      {t('status_invalid')}
                    </Badge>
                  )}
                </Group>
                {order.orderStatus === 'invalid' && order.invalidReason && t.has(`invalid_${order.invalidReason}`) && (
                  <Text size="xs" c="dimmed">
                    {t(`invalid_${order.invalidReason}`)}
                  </Text>
                )}
                <PayByNote orderId={order.id} payBy={payBy} locale={locale} timeZone={timeZone} />
              </TableTd>
              <TableTd>
                <Text size="sm">{columns === 'full' ? format.dateTime(order.createdAt, 'short') : (order.deadline ?? '—')}</Text>
              </TableTd>
              {action && <TableTd>{action(order)}</TableTd>}
            </TableTr>
          ))}
        </TableTbody>
      </Table>
    </TableScrollContainer>
  );
}
