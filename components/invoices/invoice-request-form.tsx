'use client';

import { Button, Group, Radio, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { FormError } from '@/components/ui/form-error';
import { useApiForm } from '@/components/ui/use-api-form';
import { INVOICE_CONTENTS, INVOICE_DELIVERIES, INVOICE_TYPES, TITLE_TYPES, ZInvoiceRequest } from '@/lib/invoices/schemas';

/**
 * The invoice form under a receipt (spec §3 Invoice): an ordinary or a special VAT invoice (the
 * special one a company's, with its registered address, phone, bank and account), personal or
 * company, the name on the invoice, the taxpayer id for a company; delivered by email (the
 * registrant's address by default) or by post (recipient, phone, postal address); the amount
 * read-only (the server takes it from the order).
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
      delivery: 'email',
      content: 'goodsDetail',
      titleType: 'personal',
      title: account.name,
      taxpayerId: '',
      registeredAddress: '',
      registeredPhone: '',
      bankName: '',
      bankAccount: '',
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
  const [titleType, type, delivery] = useWatch({ control: form.control, name: ['titleType', 'type', 'delivery'] });
  const choice = (name: 'type' | 'content' | 'delivery', options: readonly string[], onPicked?: (value: string) => void) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={t(name)}
          required={name !== 'content'}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onPicked?.(value);
          }}
          error={fieldError(name)}
          data-testid={`invoice-${name}`}
        >
          <Group mt="xs">
            {options.map((option) => (
              <Radio key={option} value={option} label={t(`${name}_${option}`)} data-testid={`invoice-${name}-${option}`} />
            ))}
          </Group>
        </Radio.Group>
      )}
    />
  );
  const text = (
    name: 'registeredAddress' | 'registeredPhone' | 'bankName' | 'bankAccount' | 'recipientName' | 'phone' | 'address' | 'email',
    maxLength: number,
    inputType?: 'tel' | 'email',
  ) => (
    <TextInput
      label={t(name)}
      required
      type={inputType}
      maxLength={maxLength}
      {...form.register(name)}
      error={fieldError(name)}
      data-testid={`invoice-${name}`}
    />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="invoice-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {choice('type', INVOICE_TYPES, (value) => {
            // A special VAT invoice is a company's.
            if (value === 'special') form.setValue('titleType', 'company');
            form.clearErrors(['titleType', 'registeredAddress', 'registeredPhone', 'bankName', 'bankAccount']);
          })}
          {choice('content', INVOICE_CONTENTS)}
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
        {type === 'special' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="invoice-special-fields">
            {text('registeredAddress', 200)}
            {text('registeredPhone', 30, 'tel')}
            {text('bankName', 100)}
            {text('bankAccount', 50)}
          </SimpleGrid>
        )}
        <TextInput label={t('amount')} value={amount} readOnly data-testid="invoice-amount" />
        {choice('delivery', INVOICE_DELIVERIES, () => form.clearErrors(['recipientName', 'phone', 'address']))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('email')}
            description={delivery === 'email' ? t('emailDeliveryHelp') : t('emailPostHelp')}
            required
            type="email"
            maxLength={254}
            {...form.register('email')}
            error={fieldError('email')}
            data-testid="invoice-email"
          />
          {delivery === 'post' && (
            <>
              {text('recipientName', 50)}
              {text('phone', 30, 'tel')}
              {text('address', 300)}
            </>
          )}
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
