import {
  Alert,
  Badge,
  Group,
  Paper,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { AnchorLink } from '@/components/ui/button-link';
import type { DB } from '@/db/client';
import { formatMoney } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import { orderPaymentHistory } from '@/lib/payments/queries';
import { BillDecision, RefundForm, ResolveException } from './bill-decision';
import { orderUnits } from '@/lib/orders/rules';
import { StatusBadge } from '@/components/ui/status-badge';
import { payStatusLabel } from '@/lib/orders/pay-status';

/** One order with everything about its payment: each bill with its events, notifications, refunds and exceptions. */
export async function OrderDetail({
  db,
  conferenceId,
  orderId,
  locale,
  timeZone,
}: {
  db: DB;
  conferenceId: number;
  orderId: number;
  locale: Locale;
  timeZone: string;
}) {
  const [t, to, history] = await Promise.all([
    getTranslations('payments'),
    getTranslations('orders'),
    orderPaymentHistory(db, conferenceId, orderId),
  ]);
  const back = (
    <AnchorLink href="/platform/manage/order" data-testid="order-back">
      {t('manageTitle')}
    </AnchorLink>
  );
  if (!history) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange">{t('orderNotFound')}</Alert>
      </Stack>
    );
  }
  const format = conferenceFormatter(locale, timeZone);
  const { order } = history;
  const when = (d: Date) => format.dateTime(d, 'short');
  const action = (a: string) => (t.has(`event_${a}`) ? t(`event_${a}`) : a);
  return (
    <Stack gap="md" data-testid="order-detail">
      {back}
      <Title order={3}>{t('detailTitle', { orderNo: order.orderNo })}</Title>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text>
            {history.name} · {history.email}
          </Text>
          <Text>
            {localized(order.itemName, locale)} × {orderUnits(order)} ·{' '}
            <strong>{formatMoney(order.totalMinor, order.currency, locale)}</strong>
          </Text>
          <Group gap="xs">
            <StatusBadge size="md" variant="light">
              {payStatusLabel(to, order.payStatus)}
            </StatusBadge>
            <StatusBadge size="md" variant="light" color={order.orderStatus === 'available' ? 'green' : 'gray'}>
              {to(`status_${order.orderStatus}`)}
            </StatusBadge>
          </Group>
        </Stack>
      </Paper>
      <Title order={4}>{t('history')}</Title>
      {history.bills.length === 0 && <Text c="dimmed">{t('noBills')}</Text>}
      {history.bills.map(({ bill, slipName }) => {
        const events = history.events.filter((e) => e.billId === bill.id);
        const notes = history.notifications.filter((n) => n.billId === bill.id);
        const refunds = history.refunds.filter((r) => r.billId === bill.id);
        const exceptions = history.exceptions.filter((e) => e.billId === bill.id);
        return (
          <Paper key={bill.id} withBorder p="md" data-testid="bill-history" data-status={bill.status}>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600} ff="monospace">
                  {bill.billNo}
                </Text>
                <Group gap="xs">
                  <Badge variant="light">{t(`kind_${bill.methodKind}`)}</Badge>
                  <StatusBadge size="md" variant="light" color={bill.status === 'paid' ? 'green' : 'gray'}>
                    {t(`bill_${bill.status}`)}
                  </StatusBadge>
                  <Text size="sm">{formatMoney(bill.amountMinor, bill.currency, locale)}</Text>
                </Group>
              </Group>
              {slipName && (
                <Text size="sm">
                  {t('slip')}: <a href={`/api/conference/manage/order/slip/${bill.id}`}>{slipName}</a>
                </Text>
              )}
              {(bill.status === 'delay' || bill.status === 'toBeConfirmed') && <BillDecision billId={bill.id} />}
              {bill.status === 'paid' && bill.refundedMinor < bill.amountMinor && (
                <RefundForm billId={bill.id} leftMinor={bill.amountMinor - bill.refundedMinor} currency={bill.currency} />
              )}
              <TableScrollContainer minWidth={560}>
                <Table withTableBorder fz="sm">
                  <TableThead>
                    <TableTr>
                      <TableTh>{t('at')}</TableTh>
                      <TableTh>{t('action')}</TableTh>
                      <TableTh>{t('who')}</TableTh>
                      <TableTh>{t('note')}</TableTh>
                    </TableTr>
                  </TableThead>
                  <TableTbody>
                    {events.map((e) => (
                      <TableTr key={e.id}>
                        <TableTd>{when(e.createdAt)}</TableTd>
                        <TableTd>{action(e.action)}</TableTd>
                        <TableTd>{e.actorUserId ? (history.actors[e.actorUserId] ?? e.actorUserId.slice(0, 8)) : t('system')}</TableTd>
                        <TableTd>{e.note}</TableTd>
                      </TableTr>
                    ))}
                  </TableTbody>
                </Table>
              </TableScrollContainer>
              {notes.length > 0 && (
                <Text size="sm">
                  {t('notifications')}:{' '}
                  {notes
                    .map(
                      (n) =>
                        `${when(n.receivedAt)} ${action(n.event)} · ${t(`result_${n.result}`)} · ${t(`source_${n.source}`)} · ${n.providerTxnId}`,
                    )
                    .join(' / ')}
                </Text>
              )}
              {refunds.length > 0 && (
                <Text size="sm">
                  {t('refunds')}:{' '}
                  {refunds
                    .map(
                      (r) =>
                        `${when(r.createdAt)} ${formatMoney(r.amountMinor, r.currency, locale)} ${t(`refund_${r.status}`)} ${r.reason}`,
                    )
                    .join(' / ')}
                </Text>
              )}
              {exceptions.map((ex) => (
                <Group key={ex.id} gap="sm">
                  <Text size="sm" c="red.8">
                    {t(`exceptionReason_${ex.reason}`)} · {formatMoney(ex.amountMinor, ex.currency, locale)} · {ex.providerTxnId}
                  </Text>
                  {ex.resolved ? (
                    <StatusBadge variant="filled" size="md" color="gray">
                      {t('resolved')}
                    </StatusBadge>
                  ) : (
                    <ResolveException exceptionId={ex.id} />
                  )}
                </Group>
              ))}
            </Stack>
          </Paper>
        );
      })}
      <Title order={4}>{t('orderEvents')}</Title>
      <Stack gap={2}>
        {history.orderEvents.map((e) => (
          <Text key={e.id} size="sm">
            {when(e.createdAt)} · {action(e.action)} ·{' '}
            {e.actorUserId ? (history.actors[e.actorUserId] ?? e.actorUserId.slice(0, 8)) : t('system')} {e.note && `· ${e.note}`}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
