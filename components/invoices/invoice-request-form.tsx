'use client';

import { Button, Group, Radio, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { FormError } from '@/components/ui/form-error';
import { useApiForm } from '@/components/ui/use-api-form';
import { INVOICE_CONTENTS, INVOICE_TYPES, TITLE_TYPES, ZInvoiceRequest } from '@/lib/invoices/schemas';

/**
 * The invoice form under a receipt (spec §3 Invoice): type and content are the one choice each the
 * spec names, personal or company, the name on the invoice, the taxpayer id for a company, where
 * to post it, and the amount read-only (the server takes it from the order).
 */
export function InvoiceRequestForm({
  orderId,
  amount,
  account,
}: {
  orderId: number;
  amount: string;
  account: { name: string; email: string };
}) {
  const t = useTranslations('invoices');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZInvoiceRequest,
    defaultValues: {
      orderId,
      type: 'ordinary',
      content: 'goodsDetail',
      titleType: 'personal',
      title: account.name,
      taxpayerId: '',
      recipientName: account.name,
      phone: '',
      address: '',
      email: account.email,
      attendees: '',
      comment: '',
    },
    call: { path: '/conference/invoice/request' },
    success: t('submitted'),
    refresh: true,
  });
  const titleType = useWatch({ control: form.control, name: 'titleType' });
  const fixed = (name: 'type' | 'content', options: readonly string[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Radio.Group label={t(name)} value={field.value} onChange={field.onChange} data-testid={`invoice-${name}`}>
          <Group mt="xs">
            {options.map((option) => (
              <Radio key={option} value={option} label={t(`${name}_${option}`)} />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="invoice-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fixed('type', INVOICE_TYPES)}
          {fixed('content', INVOICE_CONTENTS)}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="titleType"
          render={({ field }) => (
            <Radio.Group
              label={t('titleType')}
              required
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                if (value === 'personal') form.setValue('taxpayerId', '');
                form.clearErrors('taxpayerId');
              }}
              error={fieldError('titleType')}
              data-testid="invoice-title-type"
            >
              <Group mt="xs">
                {TITLE_TYPES.map((option) => (
                  <Radio key={option} value={option} label={t(`titleType_${option}`)} data-testid={`invoice-title-type-${option}`} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('title')}
            required
            maxLength={100}
            {...form.register('title')}
            error={fieldError('title')}
            data-testid="invoice-title"
          />
          {titleType === 'company' && (
            <TextInput
              label={t('taxpayerId')}
              description={t('taxpayerIdHelp')}
              required
              maxLength={40}
              autoCapitalize="characters"
              {...form.register('taxpayerId')}
              error={fieldError('taxpayerId')}
              data-testid="invoice-taxpayer-id"
            />
          )}
        </SimpleGrid>
        <TextInput label={t('amount')} value={amount} readOnly data-testid="invoice-amount" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('recipientName')}
            required
            maxLength={50}
            {...form.register('recipientName')}
            error={fieldError('recipientName')}
            data-testid="invoice-recipient"
          />
          <TextInput
            label={t('phone')}
            required
            type="tel"
            maxLength={30}
            {...form.register('phone')}
            error={fieldError('phone')}
            data-testid="invoice-phone"
          />
          <TextInput
            label={t('email')}
            required
            type="email"
            maxLength={254}
            {...form.register('email')}
            error={fieldError('email')}
            data-testid="invoice-email"
          />
          <TextInput
            label={t('address')}
            required
            maxLength={300}
            {...form.register('address')}
            error={fieldError('address')}
            data-testid="invoice-address"
          />
        </SimpleGrid>
        <Textarea
          label={t('attendees')}
          autosize
          minRows={1}
          maxLength={500}
          {...form.register('attendees')}
          error={fieldError('attendees')}
          data-testid="invoice-attendees"
        />
        <Textarea label={t('comment')} autosize minRows={2} maxLength={500} {...form.register('comment')} error={fieldError('comment')} />
        <Group justify="flex-end">
          <FormError message={formError} />
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="invoice-submit">
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
