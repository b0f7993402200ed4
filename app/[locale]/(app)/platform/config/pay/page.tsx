import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { MethodConfig } from '@/components/payments/method-config';
import { ReceiptSettingsForm } from '@/components/payments/receipt-settings-form';
import { requirePage } from '@/lib/auth/require-page';
import { originOf } from '@/lib/conferences/seo';
import { managedMethods, paymentTimes } from '@/lib/payments/methods';
import { receiptSettingsOf } from '@/lib/payments/receipt-number';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payments');
  return { title: t('configTitle') };
}

/** The conference's payment methods (spec §2 /platform/config/pay): switch on, fill in, replace keys. */
export default async function PayConfigPage() {
  const { db, conference } = await requirePage('/platform/config/pay');
  const [t, methods, times, h, receipts] = await Promise.all([
    getTranslations('payments'),
    managedMethods(db, conference.id),
    paymentTimes(db, conference.id),
    headers(),
    receiptSettingsOf(db, conference.id),
  ]);
  return (
    <Paper withBorder p="xl">
      <Stack gap="md">
        <Title order={3}>{t('configTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('configIntro')}
        </Text>
        <MethodConfig methods={methods} times={times} notifyBase={originOf(h)} />
        <ReceiptSettingsForm settings={receipts} />
      </Stack>
    </Paper>
  );
}
