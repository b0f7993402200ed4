import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OrderTable } from '@/components/orders/order-table';
import { requirePage } from '@/lib/auth/require-page';
import { listMyOrders } from '@/lib/orders/queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('listTitle') };
}

/** My orders at this conference with their status (paying them arrives with payments). */
export default async function OrderListPage() {
  const { db, conference, user, locale } = await requirePage('/profile/order/list');
  const [t, orders] = await Promise.all([getTranslations('orders'), listMyOrders(db, conference.id, user.id)]);
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
          <OrderTable orders={orders} locale={locale} timeZone={conference.timeZone} />
          {orders.some((o) => o.orderStatus === 'available' && o.payStatus === 'unpaid') && <Alert color="blue">{t('payLater')}</Alert>}
        </Stack>
      )}
    </Paper>
  );
}
