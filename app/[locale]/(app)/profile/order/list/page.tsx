import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OrderTable } from '@/components/orders/order-table';
import { orderPayActions } from '@/components/payments/order-pay-actions';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { listMyOrders } from '@/lib/orders/queries';
import { earliestPayBy, payByTimes } from '@/lib/orders/pay-by-queries';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { payRefusal } from '@/lib/payments/create-bill';
import { latestBills } from '@/lib/payments/queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('listTitle') };
}

/** My orders at this conference with their status: pay them (one or all of a currency), follow a payment, open a receipt. */
export default async function OrderListPage() {
  const { db, conference, user, locale } = await requirePage('/profile/order/list');
  const [t, tp, orders] = await Promise.all([
    getTranslations('orders'),
    getTranslations('payments'),
    listMyOrders(db, conference.id, user.id),
  ]);
  const actions = await orderPayActions(
    await latestBills(
      db,
      conference.id,
      orders.map((o) => o.id),
    ),
  );
  const payable = orders.filter((o) => !payRefusal(o));
  const payBy = await payByTimes(db, conference.id, orders);
  const firstPayBy = earliestPayBy(payBy);
  const byCurrency = [...new Set(payable.map((o) => o.currency))].map((currency) => ({
    currency,
    ids: payable.filter((o) => o.currency === currency).map((o) => o.id),
  }));
  return (
    <Paper withBorder p="xl">
      <Title order={3} mb="md">
        {t('listTitle')}
      </Title>
      {orders.length === 0 ? (
        <Text c="dimmed" data-testid="orders-empty">
          {t('empty')}
        </Text>
      ) : (
        <Stack gap="md">
          <OrderTable orders={orders} locale={locale} timeZone={conference.timeZone} action={(order) => actions(order)} payBy={payBy} />
          {byCurrency
            .filter((group) => group.ids.length > 1)
            .map((group) => (
              <div key={group.currency}>
                <ButtonLink href={`/profile/order/pay/goto/${group.ids.join(',')}`} data-testid="pay-all">
                  {tp('paySelected', { currency: group.currency })}
                </ButtonLink>
              </div>
            ))}
          {firstPayBy ? (
            <Alert color="blue" data-testid="pay-later">
              {t('payLaterBy', { time: formatPayBy(firstPayBy, locale, conference.timeZone) })}
            </Alert>
          ) : (
            payable.length > 0 && <Alert color="blue">{t('payLater')}</Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
