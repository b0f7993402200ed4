'use client';

import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { FeeOffer } from '@/lib/fees/fee-offer';
import type { FeeChoice } from '@/lib/fees/schemas';
import { useRouter } from '@/lib/i18n/navigation';
import { FeeChooser } from '@/components/fees/fee-chooser';
import { EMPTY, useOffer } from './add-fees-form';
import { useApiAction } from '@/components/ui/use-api';

/** Sends a change of one of my orders, then back to the fee page; `busy` while it runs. */
function useChangeOrder(orderId: number) {
  const t = useTranslations('orders');
  const { run, busy } = useApiAction();
  const router = useRouter();
  const change = async (feeId: number, quantity: number, invitationCode = '') => {
    await run(
      '/conference/order/fee/update',
      { body: { orderId, feeId, quantity, invitationCode } },
      quantity === 0 ? t('dropped') : t('changed'),
      {
        onSuccess: () => router.push('/profile/conference/fee'),
      },
    );
  };
  return { busy, change };
}

/** fee/register/update: picks another registration fee for an unpaid order (or again after a price change). */
export function ChangeRegisterFeeForm({
  orderId,
  currentFeeId,
  initialOffer,
  country,
}: {
  orderId: number;
  currentFeeId: number | null;
  initialOffer: FeeOffer;
  country: string | null;
}) {
  const t = useTranslations('orders');
  const { offer, applyCode } = useOffer(initialOffer);
  const [choice, setChoice] = useState<FeeChoice>({ ...EMPTY, registerFeeId: currentFeeId });
  const { busy, change } = useChangeOrder(orderId);
  return (
    <Stack gap="sm" data-testid="change-register-fee">
      <FeeChooser offer={offer} value={choice} onChange={setChoice} country={country} onApplyCode={applyCode} only="register" />
      <Group>
        <Button
          onClick={() => choice.registerFeeId !== null && change(choice.registerFeeId, 1, choice.invitationCode)}
          loading={busy}
          disabled={choice.registerFeeId === null}
          data-testid="change-fee-submit"
        >
          {t('saveChange')}
        </Button>
      </Group>
    </Stack>
  );
}

/** fee/optional/update: another quantity for an unpaid optional fee, or dropping it. */
export function ChangeOptionalFeeForm({
  orderId,
  feeId,
  quantity,
  perAccountMax,
}: {
  orderId: number;
  feeId: number;
  quantity: number;
  perAccountMax: number;
}) {
  const t = useTranslations('orders');
  const [value, setValue] = useState(quantity);
  const { busy, change } = useChangeOrder(orderId);
  return (
    <Stack gap="sm" data-testid="change-optional-fee">
      <NumberInput
        w={160}
        label={t('quantity')}
        min={1}
        max={perAccountMax}
        allowDecimal={false}
        clampBehavior="strict"
        value={value}
        onChange={(v) => setValue(Math.min(perAccountMax, Math.max(1, Number(v) || 1)))}
        data-testid="optional-quantity"
      />
      <Text size="xs" c="dimmed">
        1 – {perAccountMax}
      </Text>
      <Group>
        <Button onClick={() => change(feeId, value)} loading={busy} data-testid="change-fee-submit">
          {t('saveChange')}
        </Button>
        <Button variant="light" color="red" onClick={() => change(feeId, 0)} disabled={busy} data-testid="drop-fee">
          {t('drop')}
        </Button>
      </Group>
    </Stack>
  );
}
