'use client';

import { Group, Radio, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SubmitButton } from '@/components/ui/submit-button';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import type { CreatedBill } from '@/lib/payments/create-bill';
import type { MethodKind } from '@/lib/payments/providers/types';

/**
 * Chooses one of the enabled methods and starts the payment: off to the provider, or to the result
 * page. One choice among the offered methods is all there is to check, so the form is a plain call
 * without a schema resolver (which would bring zod and react-hook-form to the page): the handler
 * checks the body with ZCreateBill. A refusal is shown beside the button as well as in a toast.
 */
export function PayForm({ orderIds, kinds, amountLabel }: { orderIds: number[]; kinds: MethodKind[]; amountLabel: string }) {
  const t = useTranslations('payments');
  const router = useRouter();
  const api = useApi();
  const [kind, setKind] = useState<MethodKind>(kinds[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // Busy from the click until the next page has loaded (a second bill must not start meanwhile).
  const [leaving, setLeaving] = useState(false);
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || leaving) return;
    setBusy(true);
    setError(undefined);
    try {
      const bill = await api<CreatedBill>('/conference/pay/create', { method: 'POST', body: { orderIds, kind } });
      setLeaving(true);
      if (bill.next.type === 'redirect') window.location.assign(bill.next.url);
      else router.push(`/profile/order/pay/goto/result/${bill.billId}`);
    } catch (refusal) {
      showApiError(refusal);
      setError(String((refusal as Error)?.message ?? refusal));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label={t('chooseMethod')} value={kind} onChange={(value) => setKind(value as MethodKind)} data-testid="pay-methods">
          <Stack gap="xs" mt="xs">
            {kinds.map((k) => (
              <Radio key={k} value={k} label={t(`kind_${k}`)} data-testid={`pay-method-${k}`} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <SubmitButton error={error} loading={leaving || busy} data-testid="pay-submit">
            {t('payNow', { amount: amountLabel })}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
