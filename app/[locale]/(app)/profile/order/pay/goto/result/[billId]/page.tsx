import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BillStatus } from '@/components/payments/bill-status';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { billView } from '@/lib/payments/bill-view';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payments');
  return { title: t('resultTitle') };
}

/** The result of a payment (spec §2 order/pay/goto/result/:billId), polled until it is final. */
export default async function PayResultPage({
  params,
  searchParams,
}: {
  params: Promise<{ billId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, user } = await requirePage('/profile/order/pay/goto/result/:billId');
  const [t, te, id, query] = await Promise.all([
    getTranslations('payments'),
    getTranslations('errors'),
    params.then((p) => parseId(p.billId)),
    searchParams,
  ]);
  const view = id === null ? null : await billView(db, conference.id, user.id, id, { refresh: true });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={3}>{t('resultTitle')}</Title>
        {view ? (
          <BillStatus initial={JSON.parse(JSON.stringify(view))} cancelledAtProvider={query.cancelled === '1'} />
        ) : (
          <>
            <Alert color="orange" data-testid="bill-not-found">
              {te('billNotFound')}
            </Alert>
            <div>
              <ButtonLink href="/profile/order/list" variant="light">
                {t('backToOrders')}
              </ButtonLink>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
