import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { OrderTable } from '@/components/orders/order-table';
import { PayForm } from '@/components/payments/pay-form';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { formatMoney } from '@/lib/fees/money';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { myOrdersByIds } from '@/lib/orders/queries';
import { earliestPayBy, payByTimes } from '@/lib/orders/pay-by-queries';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { payRefusal } from '@/lib/payments/create-bill';
import { acceptsCurrency } from '@/lib/payments/method-fields';
import { payerMethods } from '@/lib/payments/methods';
import { ZOrderIdList } from '@/lib/payments/schemas';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payments');
  return { title: t('payTitle') };
}

/** Pay one or more of my orders (spec §2 order/pay/goto/:orderIds): the orders, the total, the enabled methods. */
export default async function PayOrdersPage({ params }: { params: Promise<{ orderIds: string }> }) {
  const { db, conference, user, locale } = await requirePage('/profile/order/pay/goto/:orderIds');
  const [t, to] = await Promise.all([getTranslations('payments'), getTranslations('orders')]);
  const parsed = ZOrderIdList.safeParse(decodeURIComponent((await params).orderIds));
  const orders = parsed.success ? await myOrdersByIds(db, conference.id, user.id, parsed.data) : [];
  const shell = (body: ReactNode) => (
    <Paper withBorder p="xl">
      <Stack gap="md">
        <Title order={3}>{t('payTitle')}</Title>
        {body}
        <div>
          <ButtonLink href="/profile/order/list" variant="light">
            {t('backToOrders')}
          </ButtonLink>
        </div>
      </Stack>
    </Paper>
  );
  if (!parsed.success || orders.length !== parsed.data.length) {
    return shell(
      <Alert color="orange" data-testid="pay-not-found">
        {t('ordersNotFound')}
      </Alert>,
    );
  }
  const refusal = orders.map(payRefusal).find(Boolean);
  const currencies = new Set(orders.map((o) => o.currency));
  const te = serverTranslator(locale, 'errors');
  const problem = refusal ? te(refusal.messageKey) : currencies.size > 1 ? te('currencyMixed') : null;
  const methods = (await payerMethods(db, conference.id)).filter((m) => acceptsCurrency(m.kind, orders[0].currency));
  const total = orders.reduce((sum, o) => sum + o.totalMinor, 0);
  const amount = formatMoney(total, orders[0].currency, locale);
  const payBy = await payByTimes(db, conference.id, orders);
  const firstPayBy = earliestPayBy(payBy);
  return shell(
    <>
      <OrderTable orders={orders} locale={locale} timeZone={conference.timeZone} columns="fee" payBy={payBy} />
      <Text fw={600} data-testid="pay-total">
        {t('payTotal', { amount })}
      </Text>
      {firstPayBy && (
        <Text size="sm" data-testid="pay-later">
          {to('payLaterBy', { time: formatPayBy(firstPayBy, locale, conference.timeZone) })}
        </Text>
      )}
      {problem ? (
        <Alert color="orange" data-testid="pay-refused">
          {problem}
        </Alert>
      ) : methods.length === 0 ? (
        <Alert color="orange" data-testid="pay-no-method">
          {t('noMethod')}
        </Alert>
      ) : (
        <PayForm orderIds={orders.map((o) => o.id)} kinds={methods.map((m) => m.kind)} amountLabel={amount} />
      )}
    </>,
  );
}
