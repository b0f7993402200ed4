'use client';

import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { useApiForm } from '@/components/ui/use-api-form';
import { useRouter } from '@/lib/i18n/navigation';
import { ZInvoiceStatusChange } from '@/lib/invoices/schemas';
import { InvoiceFileAction } from './invoice-file-action';

/**
 * The next step of an invoice request: unbilled → to be invoiced (one click), to be invoiced →
 * invoiced (with the tracking number of the posted invoice, or, delivered by email, by attaching
 * the issued electronic invoice). A request already moved by someone else answers 409 and the list
 * is refreshed.
 */
export function InvoiceStatusAction({ id, status, orderNo, delivery }: { id: number; status: string; orderNo: string; delivery: string }) {
  const t = useTranslations('invoices');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZInvoiceStatusChange,
    defaultValues: { id, status: status === 'unbilled' ? 'toBeInvoiced' : 'invoiced', trackingNumber: '' },
    call: { path: '/conference/manage/receipt/status' },
    success: t('moved'),
    onSuccess: () => setOpen(false),
    refresh: true,
    // A request moved by someone else meanwhile: the list shows where it is now.
    onError: () => router.refresh(),
  });
  if (status === 'unbilled') {
    return (
      <form onSubmit={submit}>
        <Button type="submit" size="compact-sm" variant="light" loading={form.formState.isSubmitting} data-testid="invoice-to-be-invoiced">
          {t('markToBeInvoiced')}
        </Button>
        <FormError message={formError} />
      </form>
    );
  }
  if (status !== 'toBeInvoiced') return null;
  if (delivery === 'email') return <InvoiceFileAction id={id} orderNo={orderNo} />;
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
              error={fieldError('trackingNumber')}
              data-testid="invoice-tracking-input"
            />
            <Group justify="flex-end">
              <FormError message={formError} />
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
