'use client';

import { Button, Group, Radio, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import type { CreatedBill } from '@/lib/payments/create-bill';
import type { MethodKind } from '@/lib/payments/providers/types';

/** Chooses one of the enabled methods and starts the payment: off to the provider, or to the result page. */
export function PayForm({ orderIds, kinds, amountLabel }: { orderIds: number[]; kinds: MethodKind[]; amountLabel: string }) {
  const t = useTranslations('payments');
  const api = useApi();
  const router = useRouter();
  const [kind, setKind] = useState<MethodKind>(kinds[0]);
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      const bill = await api<CreatedBill>('/conference/pay/create', { body: { orderIds, kind } });
      if (bill.next.type === 'redirect') window.location.assign(bill.next.url);
      else router.push(`/profile/order/pay/goto/result/${bill.billId}`);
    } catch (error) {
      showApiError(error);
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Radio.Group label={t('chooseMethod')} value={kind} onChange={(value) => setKind(value as MethodKind)} data-testid="pay-methods">
        <Stack gap="xs" mt="xs">
          {kinds.map((k) => (
            <Radio key={k} value={k} label={t(`kind_${k}`)} data-testid={`pay-method-${k}`} />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button onClick={pay} loading={busy} data-testid="pay-submit">
          {t('payNow', { amount: amountLabel })}
        </Button>
      </Group>
    </Stack>
  );
}
