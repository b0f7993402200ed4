'use client';

import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';
import { minorDigits, toMinor } from '@/lib/fees/money';
import { useRouter } from '@/lib/i18n/navigation';

/** Confirm that a transfer arrived, or reject it with a reason the participant reads. */
export function BillDecision({ billId }: { billId: number }) {
  const t = useTranslations('payments');
  const api = useApi();
  const router = useRouter();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = async (decision: 'confirm' | 'reject') => {
    setBusy(true);
    try {
      await api('/conference/manage/order/decide', { body: { billId, decision, note } });
      notifications.show({ color: 'green', message: decision === 'confirm' ? t('confirmed') : t('rejected') });
      setRejecting(false);
      router.refresh();
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" color="green" loading={busy} onClick={() => decide('confirm')} data-testid="confirm-transfer">
        {t('confirm')}
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setRejecting(true)} data-testid="reject-transfer">
        {t('reject')}
      </Button>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('reject')}>
        <Stack gap="sm">
          <Textarea
            label={t('rejectReason')}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-testid="reject-reason"
          />
          <Group justify="flex-end">
            <Button color="red" loading={busy} onClick={() => decide('reject')} data-testid="reject-submit">
              {t('reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

/** Mark a payment exception handled, saying how. */
export function ResolveException({ exceptionId }: { exceptionId: number }) {
  const t = useTranslations('payments');
  const api = useApi();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const resolve = async () => {
    try {
      await api('/conference/manage/order/exception/resolve', { body: { exceptionId, note } });
      notifications.show({ color: 'green', message: t('resolved') });
      setOpen(false);
      router.refresh();
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpen(true)} data-testid="resolve-exception">
        {t('resolve')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('resolve')}>
        <Stack gap="sm">
          <Textarea label={t('resolveNote')} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button onClick={resolve}>{t('resolve')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Refund part or all of a paid payment (major units typed, minor units sent). */
export function RefundForm({ billId, leftMinor, currency }: { billId: number; leftMinor: number; currency: string }) {
  const t = useTranslations('payments');
  const tv = useTranslations('validation');
  const api = useApi();
  const router = useRouter();
  const digits = minorDigits(currency);
  const [amount, setAmount] = useState((leftMinor / 10 ** digits).toFixed(digits));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const refund = async () => {
    const match = new RegExp(`^\\d+${digits ? `(?:\\.\\d{1,${digits}})?` : ''}$`).exec(amount.trim());
    if (!match) {
      setError(tv('priceInvalid'));
      return;
    }
    const minor = toMinor(amount, currency);
    setBusy(true);
    try {
      if (!window.confirm(t('refundConfirm', { amount: `${amount.trim()} ${currency}` }))) return;
      const outcome = await api<{ status: string }>('/conference/manage/order/refund', { body: { billId, amountMinor: minor, reason } });
      notifications.show({
        color: outcome.status === 'done' ? 'green' : 'orange',
        message: outcome.status === 'done' ? t('refundDone') : t('refundPending'),
      });
      router.refresh();
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="refund-form">
      <Group align="flex-end" gap="sm">
        <Textarea
          label={`${t('refundAmount')} (${currency})`}
          autosize
          minRows={1}
          value={amount}
          onChange={(e) => {
            setAmount(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          data-testid="refund-amount"
        />
        <Textarea
          label={t('refundReason')}
          autosize
          minRows={1}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button color="red" variant="light" loading={busy} onClick={refund} data-testid="refund-submit">
          {t('refund')}
        </Button>
      </Group>
    </Stack>
  );
}
