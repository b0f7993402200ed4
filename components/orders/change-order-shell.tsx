import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { canChangeOrder } from '@/lib/orders/rules';
import { ButtonLink } from '@/components/ui/button-link';
import type { PageContext } from '@/lib/auth/require-page';
import { listFees, type Fee } from '@/lib/fees/fee-config';
import { formatMoney } from '@/lib/fees/money';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { Order } from '@/lib/orders/place-fee-order';
import { findMyOrder } from '@/lib/orders/queries';
import { findRegistration } from '@/lib/registration/register-participant';

type Found = { order: Order | null; changeable: boolean; fee: Fee | null; country: string | null };

/** One of my fee orders of this type, whether I may still change it, its fee and my country. */
export async function loadChangeableOrder(ctx: PageContext, rawId: string, type: 'registration' | 'optional'): Promise<Found> {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0) return { order: null, changeable: false, fee: null, country: null };
  const [order, registration, fees] = await Promise.all([
    findMyOrder(ctx.db, ctx.conference.id, ctx.user!.id, id),
    findRegistration(ctx.db, ctx.conference.id, ctx.user!.id),
    listFees(ctx.db, ctx.conference.id),
  ]);
  if (!order || order.type !== type) return { order: null, changeable: false, fee: null, country: null };
  const country = typeof registration?.answers.country === 'string' ? registration.answers.country : null;
  const changeable = canChangeOrder(order);
  return { order, changeable, fee: changeable ? (fees.find((f) => f.id === order.feeId) ?? null) : null, country };
}

/** The frame of both change pages: title, the current order, or why it cannot change, and the way back. */
export async function ChangeOrderShell({
  title,
  found,
  locale,
  children,
}: {
  title: 'updateRegisterTitle' | 'updateOptionalTitle';
  found: Found;
  locale: Locale;
  children: ReactNode;
}) {
  const t = await getTranslations('orders');
  const { order } = found;
  return (
    <Paper withBorder p="xl">
      <Title order={3} mb="md">
        {t(title)}
      </Title>
      <Stack gap="md">
        {!order ? (
          <Alert color="red" data-testid="order-missing">
            {(await getTranslations('errors'))('orderNotFound')}
          </Alert>
        ) : (
          <Text data-testid="current-order">
            {t('currentOrder', { item: localized(order.itemName, locale), amount: formatMoney(order.totalMinor, order.currency, locale) })}
          </Text>
        )}
        {order && !found.changeable && (
          <Alert color="orange" data-testid="order-not-changeable">
            {t('notChangeable')}
          </Alert>
        )}
        {order && found.changeable && !found.fee && title === 'updateOptionalTitle' && <Alert color="orange">{t('notChangeable')}</Alert>}
        {order && found.changeable && children}
        <div>
          <ButtonLink href="/profile/conference/fee" variant="subtle">
            {t('backToFees')}
          </ButtonLink>
        </div>
      </Stack>
    </Paper>
  );
}
