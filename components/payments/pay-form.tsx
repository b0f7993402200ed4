'use client';

import { Group, Radio, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { useRouter } from '@/lib/i18n/navigation';
import type { CreatedBill } from '@/lib/payments/create-bill';
import type { MethodKind } from '@/lib/payments/providers/types';
import { ZCreateBill } from '@/lib/payments/schemas';

/** Chooses one of the enabled methods and starts the payment: off to the provider, or to the result page. */
export function PayForm({ orderIds, kinds, amountLabel }: { orderIds: number[]; kinds: MethodKind[]; amountLabel: string }) {
  const t = useTranslations('payments');
  const router = useRouter();
  // Busy from the click until the next page has loaded (a second bill must not start meanwhile).
  const [leaving, setLeaving] = useState(false);
  const { form, submit, formError } = useApiForm({
    schema: ZCreateBill,
    defaultValues: { orderIds, kind: kinds[0] },
    call: (values, api) => api<CreatedBill>('/conference/pay/create', { body: values }),
    onSuccess: (bill) => {
      setLeaving(true);
      if (bill.next.type === 'redirect') window.location.assign(bill.next.url);
      else router.push(`/profile/order/pay/goto/result/${bill.billId}`);
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Radio.Group
              label={t('chooseMethod')}
              value={field.value}
              onChange={(value) => field.onChange(value as MethodKind)}
              data-testid="pay-methods"
            >
              <Stack gap="xs" mt="xs">
                {kinds.map((k) => (
                  <Radio key={k} value={k} label={t(`kind_${k}`)} data-testid={`pay-method-${k}`} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Group>
          <SubmitButton error={formError} loading={leaving || form.formState.isSubmitting} data-testid="pay-submit">
            {t('payNow', { amount: amountLabel })}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
