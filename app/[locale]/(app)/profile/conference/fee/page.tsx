import { Alert, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AddFeesForm } from '@/components/orders/fee-order-forms';
import { OrderTable } from '@/components/orders/order-table';
import { canChangeOrder } from '@/lib/orders/rules';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { feeOffer } from '@/lib/fees/fee-offer';
import type { Order } from '@/lib/orders/place-fee-order';
import { myFeeOrders } from '@/lib/orders/queries';
import { earliestPayBy, payByTimes } from '@/lib/orders/pay-by-queries';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { orderPayActions } from '@/components/payments/order-pay-actions';
import { latestBills } from '@/lib/payments/queries';
import { findRegistration } from '@/lib/registration/register-participant';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('feeTitle') };
}

/** My registration fee and optional fees with their orders; change them before payment, or add more. */
export default async function FeePage() {
  const { db, conference, user, locale } = await requirePage('/profile/conference/fee');
  const [t, registration] = await Promise.all([getTranslations('orders'), findRegistration(db, conference.id, user.id)]);
  if (!registration) {
    return (
      <Paper withBorder p="xl">
        <Title order={3} mb="md">
          {t('feeTitle')}
        </Title>
        <Stack gap="sm" align="flex-start">
          <Text data-testid="fee-not-registered">{t('notRegistered')}</Text>
          <ButtonLink href="/conferenceRegister">{t('goRegister')}</ButtonLink>
        </Stack>
      </Paper>
    );
  }
  const [orders, offer] = await Promise.all([myFeeOrders(db, conference.id, user.id), feeOffer(db, conference, { locale })]);
  const country = typeof registration.answers.country === 'string' ? registration.answers.country : null;
  const hasRegisterOrder = orders.registration.some((o) => o.orderStatus === 'available');
  // Optional fees I already hold are changed on their own page, not added again.
  const held = orders.optional.filter((o) => o.orderStatus === 'available' || canChangeOrder(o)).flatMap((o) => (o.feeId ? [o.feeId] : []));
  const payBy = await payByTimes(db, conference.id, [...orders.registration, ...orders.optional]);
  const firstPayBy = earliestPayBy(payBy);
  const payActions = await orderPayActions(
    await latestBills(
      db,
      conference.id,
      [...orders.registration, ...orders.optional].map((o) => o.id),
    ),
  );
  const change = (kind: 'register' | 'optional') =>
    function ChangeLink(order: Order) {
      return payActions(
        order,
        canChangeOrder(order) ? (
          <ButtonLink
            size="compact-sm"
            variant="light"
            href={`/profile/conference/fee/${kind}/update/${order.id}`}
            data-testid="change-order"
          >
            {order.orderStatus === 'available' ? t('change') : t('chooseAgain')}
          </ButtonLink>
        ) : null,
      );
    };

  if (!offer.charged && orders.registration.length === 0 && orders.optional.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Title order={3} mb="md">
          {t('feeTitle')}
        </Title>
        <Alert color="green" data-testid="fee-free">
          {t('free')}
        </Alert>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xl">
      <Title order={3} mb="md">
        {t('feeTitle')}
      </Title>
      <Stack gap="lg">
        <section data-testid="fee-register-section">
          <Title order={5} mb="xs">
            {t('registerFee')}
          </Title>
          {orders.registration.length > 0 ? (
            <OrderTable
              orders={orders.registration}
              locale={locale}
              timeZone={conference.timeZone}
              columns="fee"
              action={change('register')}
              payBy={payBy}
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('noRegisterOrder')}
            </Text>
          )}
          {!hasRegisterOrder && offer.charged && orders.registration.every((o) => !canChangeOrder(o)) && offer.register.length > 0 && (
            <AddFeesForm initialOffer={offer} only="register" country={country} testId="add-register-fee" />
          )}
        </section>
        <Divider />
        <section data-testid="fee-optional-section">
          <Title order={5} mb="xs">
            {t('optionalFees')}
          </Title>
          {orders.optional.length > 0 ? (
            <OrderTable
              orders={orders.optional}
              locale={locale}
              timeZone={conference.timeZone}
              columns="fee"
              action={change('optional')}
              payBy={payBy}
            />
          ) : (
            <Text c="dimmed" size="sm">
              {t('noOptionalOrder')}
            </Text>
          )}
          {offer.charged && offer.optional.some((fee) => !held.includes(fee.id)) && (
            <Stack gap="xs" mt="md">
              <Text fw={500} size="sm">
                {t('addOptional')}
              </Text>
              <AddFeesForm initialOffer={offer} only="optional" country={country} testId="add-optional-fee" exclude={held} />
            </Stack>
          )}
        </section>
        {firstPayBy ? (
          <Alert color="blue" data-testid="pay-later">
            {t('payLaterBy', { time: formatPayBy(firstPayBy, locale, conference.timeZone) })}
          </Alert>
        ) : (
          [...orders.registration, ...orders.optional].some((o) => o.orderStatus === 'available' && o.payStatus === 'unpaid') && (
            <Alert color="blue">{t('payLater')}</Alert>
          )
        )}
      </Stack>
    </Paper>
  );
}
