'use client';

import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { receiptNumber, ZReceiptSettings, type ReceiptSettingsValues } from '@/lib/payments/receipt-settings-schema';

/**
 * The receipts' payee and numbering in the pay settings: the payee organisation in both languages,
 * its taxpayer id, and the number sequence (prefix and next number, with the next receipt's number
 * shown as it will read). Issued receipts keep the number and payee they were issued with.
 */
export function ReceiptSettingsForm({ settings }: { settings: ReceiptSettingsValues }) {
  const t = useTranslations('payments');
  const { form, submit, fieldError } = useApiForm({
    schema: ZReceiptSettings,
    defaultValues: settings,
    call: { path: '/conference/platform/config/pay/receipt' },
    success: t('saved'),
  });
  const [prefix, next] = useWatch({ control: form.control, name: ['numberPrefix', 'nextNumber'] });
  const preview = Number.isInteger(Number(next)) && Number(next) >= 1 ? receiptNumber(String(prefix ?? '').trim(), Number(next)) : '';
  return (
    <form onSubmit={submit} noValidate data-testid="receipt-settings">
      <Stack gap="sm">
        <Text fw={600}>{t('receiptSettingsTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('receiptSettingsHelp')}
        </Text>
        <BilingualInput
          control={form.control}
          name="payeeName"
          label={{ zh: t('payeeNameZh'), en: t('payeeNameEn') }}
          maxLength={100}
          testId="receipt-payee"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('payeeTaxpayerId')}
            maxLength={40}
            autoCapitalize="characters"
            {...form.register('taxpayerId')}
            error={fieldError('taxpayerId')}
            data-testid="receipt-taxpayer-id"
          />
          <TextInput
            label={t('receiptPrefix')}
            maxLength={20}
            {...form.register('numberPrefix')}
            error={fieldError('numberPrefix')}
            data-testid="receipt-prefix"
          />
          <TextInput
            type="number"
            min={1}
            label={t('receiptNextNumber')}
            {...form.register('nextNumber')}
            error={fieldError('nextNumber')}
            data-testid="receipt-next"
          />
        </SimpleGrid>
        {preview && (
          <Text size="sm" data-testid="receipt-next-preview">
            {t('receiptNextPreview', { number: preview })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="receipt-settings-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
