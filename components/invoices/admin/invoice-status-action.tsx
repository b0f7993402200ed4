'use client';

import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useFieldError } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import { ZInvoiceStatusChange, type InvoiceStatusChange } from '@/lib/invoices/schemas';

/**
 * The next step of an invoice request: unbilled → to be invoiced (one click), to be invoiced →
 * invoiced (with the tracking number of the posted invoice). A request already moved by someone
 * else answers 409 and the list is refreshed.
 */
export function InvoiceStatusAction({ id, status, orderNo }: { id: number; status: string; orderNo: string }) {
  const t = useTranslations('invoices');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const [open, setOpen] = useState(false);
  const form = useForm<InvoiceStatusChange>({
    resolver: zodResolver(ZInvoiceStatusChange),
    defaultValues: { id, status: status === 'unbilled' ? 'toBeInvoiced' : 'invoiced', trackingNumber: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/manage/receipt/status', { body: values });
      notifications.show({ color: 'green', message: t('moved') });
      setOpen(false);
    } catch (error) {
      showApiError(error, form.setError);
    } finally {
      router.refresh();
    }
  });
  if (status === 'unbilled') {
    return (
      <form onSubmit={submit}>
        <Button type="submit" size="compact-sm" variant="light" loading={form.formState.isSubmitting} data-testid="invoice-to-be-invoiced">
          {t('markToBeInvoiced')}
        </Button>
      </form>
    );
  }
  if (status !== 'toBeInvoiced') return null;
  return (
    <>
      <Button size="compact-sm" color="green" variant="light" onClick={() => setOpen(true)} data-testid="invoice-mark-invoiced">
        {t('markInvoiced')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`${t('markInvoiced')} · ${orderNo}`}>
        <form onSubmit={submit} noValidate data-testid="invoice-invoiced-form">
          <Stack gap="sm">
            <TextInput
              label={t('trackingNumber')}
              description={t('trackingHelp')}
              required
              maxLength={100}
              data-autofocus
              {...form.register('trackingNumber')}
              error={fieldError(form.formState.errors.trackingNumber)}
              data-testid="invoice-tracking-input"
            />
            <Group justify="flex-end">
              <Button type="submit" color="green" loading={form.formState.isSubmitting} data-testid="invoice-invoiced-submit">
                {t('markInvoiced')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
