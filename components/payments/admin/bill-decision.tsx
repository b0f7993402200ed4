'use client';

import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiAction } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { minorDigits, toMinor } from '@/lib/fees/money';
import { ZBillDecision, ZResolveException } from '@/lib/payments/schemas';

/** Confirm that a transfer arrived, or reject it with a reason the participant reads. */
export function BillDecision({ billId }: { billId: number }) {
  const t = useTranslations('payments');
  const [rejecting, setRejecting] = useState(false);
  const { run, busy: confirming } = useApiAction();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZBillDecision,
    defaultValues: { billId, decision: 'reject', note: '' },
    call: { path: '/conference/manage/order/decide' },
    success: t('rejected'),
    onSuccess: () => setRejecting(false),
    refresh: true,
  });
  const busy = confirming || form.formState.isSubmitting;
  const confirm = async () => {
    const done = await run(
      '/conference/manage/order/decide',
      { body: { billId, decision: 'confirm', note: form.getValues('note') } },
      t('confirmed'),
      { confirm: { message: t('confirmReceivedConfirm'), color: 'green', confirmLabel: t('confirm') } },
    );
    if (done !== undefined) setRejecting(false);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" color="green" loading={busy} onClick={confirm} data-testid="confirm-transfer">
        {t('confirm')}
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setRejecting(true)} data-testid="reject-transfer">
        {t('reject')}
      </Button>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('reject')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('rejectReason')}
              maxLength={500}
              error={fieldError('note')}
              data-testid="reject-reason"
              {...form.register('note')}
            />
            <Group justify="flex-end">
              <SubmitButton error={formError} color="red" loading={busy} data-testid="reject-submit">
                {t('reject')}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  );
}

/** Mark a payment exception handled, saying how. */
export function ResolveException({ exceptionId }: { exceptionId: number }) {
  const t = useTranslations('payments');
  const [open, setOpen] = useState(false);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZResolveException,
    defaultValues: { exceptionId, note: '' },
    call: { path: '/conference/manage/order/exception/resolve' },
    success: t('resolved'),
    onSuccess: () => setOpen(false),
    refresh: true,
  });
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)} data-testid="resolve-exception">
        {t('resolve')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('resolve')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea label={t('resolveNote')} maxLength={500} error={fieldError('note')} {...form.register('note')} />
            <Group justify="flex-end">
              <SubmitButton error={formError} loading={form.formState.isSubmitting}>
                {t('resolve')}
              </SubmitButton>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The refund form: an amount in major units with at most the currency's decimals, and a reason. */
function refundSchema(currency: string) {
  const digits = minorDigits(currency);
  const amount = new RegExp(`^\\d+${digits ? `(?:\\.\\d{1,${digits}})?` : ''}$`);
  return z.object({
    amount: z.string().trim().regex(amount, 'priceInvalid'),
    reason: z.string().max(500, 'tooLong'),
  });
}

/** Refund part or all of a paid payment (major units typed, minor units sent). */
export function RefundForm({ billId, leftMinor, currency }: { billId: number; leftMinor: number; currency: string }) {
  const t = useTranslations('payments');
  const digits = minorDigits(currency);
  const schema = useMemo(() => refundSchema(currency), [currency]);
  const { form, submit, fieldError, formError } = useApiForm({
    schema,
    defaultValues: { amount: (leftMinor / 10 ** digits).toFixed(digits), reason: '' },
    confirm: ({ amount }) => ({ message: t('refundConfirm', { amount: `${amount} ${currency}` }), color: 'red' }),
    call: ({ amount, reason }, api) =>
      api<{ status: string }>('/conference/manage/order/refund', {
        body: { billId, amountMinor: toMinor(amount, currency), reason },
      }),
    fieldMap: { amountMinor: 'amount' },
    onSuccess: (outcome) => {
      notifications.show({
        color: outcome.status === 'done' ? 'green' : 'orange',
        message: outcome.status === 'done' ? t('refundDone') : t('refundPending'),
      });
    },
    refresh: true,
  });
  return (
    <form onSubmit={submit} noValidate data-testid="refund-form">
      <Group align="flex-end" gap="sm">
        <Textarea
          label={`${t('refundAmount')} (${currency})`}
          autosize
          minRows={1}
          error={fieldError('amount')}
          data-testid="refund-amount"
          {...form.register('amount')}
        />
        <Textarea
          label={t('refundReason')}
          autosize
          minRows={1}
          maxLength={500}
          error={fieldError('reason')}
          {...form.register('reason')}
        />
        <SubmitButton error={formError} color="red" variant="light" loading={form.formState.isSubmitting} data-testid="refund-submit">
          {t('refund')}
        </SubmitButton>
      </Group>
    </form>
  );
}
