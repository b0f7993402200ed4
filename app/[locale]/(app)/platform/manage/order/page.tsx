import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BillDecision, ResolveException } from '@/components/payments/admin/bill-decision';
import { OrderDetail } from '@/components/payments/admin/order-detail';
import { RevenueChart } from '@/components/payments/admin/revenue-chart';
import { AnchorLink } from '@/components/ui/button-link';
import { ListPages } from '@/components/ui/list-pages';
import { ListTable } from '@/components/ui/list-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { requirePage } from '@/lib/auth/require-page';
import { formatMoney, minorDigits } from '@/lib/fees/money';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';
import { adminOrderHref, adminOrderQueryFrom, adminOrderSearch } from '@/lib/payments/list-params';
import { METHOD_KINDS } from '@/lib/payments/providers/types';
import { adminOrders, awaitingBills, openExceptions, revenueByDay } from '@/lib/payments/queries';
import { parseId } from '@/lib/validation/primitives';
import { payStatusLabel } from '@/lib/orders/pay-status';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payments');
  return { title: t('manageTitle') };
}

/**
 * Order management (spec §2 /platform/manage/order): transfers to confirm, payment exceptions, the
 * revenue per day and currency, and the paged, filtered order list with its export; `?id=` shows
 * one order's payment history.
 */
export default async function ManageOrderPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, conference, locale } = await requirePage('/platform/manage/order');
  const params = await searchParams;
  const detailId = typeof params.id === 'string' ? parseId(params.id) : null;
  if (typeof params.id === 'string') {
    return <OrderDetail db={db} conferenceId={conference.id} orderId={detailId ?? 0} locale={locale} timeZone={conference.timeZone} />;
  }
  const query = adminOrderQueryFrom(params);
  const [t, to, list, awaiting, exceptions, revenue] = await Promise.all([
    getTranslations('payments'),
    getTranslations('orders'),
    adminOrders(db, conference.id, query, conference.timeZone),
    awaitingBills(db, conference.id),
    openExceptions(db, conference.id),
    revenueByDay(db, conference.id, conference.timeZone),
  ]);
  const format = conferenceFormatter(locale, conference.timeZone);
  const pages = Math.max(1, Math.ceil(list.total / query.size));
  const exportHref = `/api/conference/manage/order/export?${adminOrderSearch(query, { lang: locale })}`;
  const currencies = [...new Set(revenue.map((r) => r.currency))];
  const chart = [...new Set(revenue.map((r) => r.day))].map((day) => ({
    day,
    ...Object.fromEntries(
      currencies.map((c) => [c, (revenue.find((r) => r.day === day && r.currency === c)?.amountMinor ?? 0) / 10 ** minorDigits(c)]),
    ),
  }));
  const select = (name: 'type' | 'pay' | 'status' | 'method', label: string, values: readonly string[], labelOf: (v: string) => string) => (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={query[name]}
      data={[{ value: '', label: t('all') }, ...values.map((value) => ({ value, label: labelOf(value) }))]}
      data-testid={`order-filter-${name}`}
    />
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>{t('manageTitle')}</Title>
          <Text size="sm" c="dimmed" data-testid="order-total-count">
            {t('manageTotal', { count: list.total })}
          </Text>
        </div>
        <Button component="a" href={exportHref} download data-testid="export-orders">
          {t('export')}
        </Button>
      </Group>

      <Paper withBorder p="md" data-testid="awaiting-transfers">
        <Title order={4} mb="sm">
          {t('awaitingTitle')}
        </Title>
        {awaiting.length === 0 ? (
          <Text c="dimmed">{t('awaitingNone')}</Text>
        ) : (
          <ListTable
            framed={false}
            minWidth={720}
            empty={null}
            labels={[t('billNo'), t('payer'), t('method'), t('amount'), t('slip'), '']}
            title={0}
            primary={[3, 5]}
            rows={awaiting.map(({ bill, name, email, slipName }) => ({
              key: bill.id,
              attrs: { 'data-testid': 'awaiting-row', 'data-bill': bill.billNo },
              cells: [
                <Text key="no" size="sm" ff="monospace">
                  {bill.billNo}
                </Text>,
                `${name} · ${email}`,
                t(`kind_${bill.methodKind}`),
                <Text key="amount" size="sm" fw={600}>
                  {formatMoney(bill.amountMinor, bill.currency, locale)}
                </Text>,
                slipName ? (
                  <a key="slip" href={`/api/conference/manage/order/slip/${bill.id}`}>
                    {slipName}
                  </a>
                ) : (
                  <Text key="slip" c="dimmed" size="sm">
                    {t('noSlip')}
                  </Text>
                ),
                <BillDecision key="decide" billId={bill.id} />,
              ],
            }))}
          />
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="md" data-testid="payment-exceptions">
          <Title order={4} mb="sm">
            {t('exceptionsTitle')}
          </Title>
          {exceptions.length === 0 ? (
            <Text c="dimmed">{t('exceptionsNone')}</Text>
          ) : (
            <Stack gap="xs">
              {exceptions.map(({ exception, billNo, name }) => (
                <Group key={exception.id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {billNo} · {name} · {formatMoney(exception.amountMinor, exception.currency, locale)} ·{' '}
                    {t(`exceptionReason_${exception.reason}`)}
                  </Text>
                  <ResolveException exceptionId={exception.id} />
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md" data-testid="revenue">
          <Title order={4} mb="sm">
            {t('revenueTitle')}
          </Title>
          {chart.length === 0 ? (
            <Text c="dimmed">{t('revenueNone')}</Text>
          ) : (
            <RevenueChart data={chart} currencies={currencies} label={t('revenueTitle')} />
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md">
        <form method="get" data-testid="order-filters">
          <Group align="flex-end" gap="sm">
            <TextInput
              name="q"
              label={t('search')}
              placeholder={t('searchPlaceholder')}
              defaultValue={query.q}
              style={{ flex: 1, minWidth: 200 }}
              data-testid="order-search"
            />
            {select('type', t('filterType'), ['registration', 'optional', 'hotel', 'module'], (v) => to(`type_${v}`))}
            {select('pay', t('filterPay'), ['unpaid', 'delay', 'success', 'exception'], (v) => t(`payGroup_${v}`))}
            {select('status', t('filterStatus'), ['available', 'invalid'], (v) => to(`status_${v}`))}
            {select('method', t('filterMethod'), METHOD_KINDS, (v) => t(`kind_${v}`))}
            <TextInput name="from" type="date" label={t('from')} defaultValue={query.from} />
            <TextInput name="to" type="date" label={t('to')} defaultValue={query.to} />
            <Button type="submit" data-testid="order-apply">
              {t('apply')}
            </Button>
          </Group>
        </form>
      </Paper>

      <ListTable
        minWidth={860}
        testId="admin-order-table"
        empty={t('manageEmpty')}
        head={[to('orderNo'), t('payer'), to('item'), to('total'), to('payStatus'), t('method'), to('createdAt'), t('details')]}
        labels={[undefined, undefined, undefined, undefined, undefined, undefined, undefined, '']}
        title={2}
        primary={[3, 4, 7]}
        nowrap={[3]}
        rows={list.rows.map(({ order, name, email }) => ({
          key: order.id,
          attrs: { 'data-testid': 'admin-order-row', 'data-order': order.orderNo, 'data-status': order.payStatus },
          cells: [
            <Text key="no" size="sm" ff="monospace">
              {order.orderNo}
            </Text>,
            <div key="payer">
              <Text size="sm">{name}</Text>
              <Text size="xs" c="dimmed">
                {email}
              </Text>
            </div>,
            localized(order.itemName, locale),
            formatMoney(order.totalMinor, order.currency, locale),
            <StatusBadge key="status" color={order.orderStatus === 'available' ? undefined : 'gray'} data-testid="admin-order-status">
              {order.orderStatus === 'available' || order.payStatus === 'paymentException'
                ? payStatusLabel(to, order.payStatus)
                : to('status_invalid')}
            </StatusBadge>,
            order.paymentMethod ? t(`kind_${order.paymentMethod}`) : '—',
            format.dateTime(order.createdAt, 'short'),
            <AnchorLink key="details" href={adminOrderHref({}, { id: String(order.id) })} data-testid="order-details">
              {t('details')}
            </AnchorLink>,
          ],
        }))}
      />
      <ListPages
        page={query.page}
        pages={pages}
        href={(page) => adminOrderHref({ ...query, page })}
        labels={{ prev: t('prev'), next: t('next'), page: t('page', { page: query.page, pages }) }}
      />
    </Stack>
  );
}
