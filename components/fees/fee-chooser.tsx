'use client';

import { Badge, Button, Card, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { isDevelopingEconomy } from '@/lib/fees/developing-economies';
import type { FeeOffer, OfferedFee } from '@/lib/fees/fee-offer';
import { formatMoney } from '@/lib/fees/money';
import type { FeeChoice } from '@/lib/fees/schemas';
import { localized } from '@/lib/i18n/localized';
import { useAppLocale } from '@/components/ui/use-api';

/** Why a fee cannot be chosen by this participant now (the server decides again on submit). */
export function reasonFor(fee: OfferedFee, country: string | null): string | null {
  if (fee.unavailable) return fee.unavailable;
  if (fee.thirdWorldOnly && !isDevelopingEconomy(country)) return 'thirdWorld';
  return null;
}

/** Whether this participant still has to pick a registration fee. */
export function registerFeeNeeded(offer: FeeOffer, choice: FeeChoice, country: string | null): boolean {
  return offer.charged && choice.registerFeeId === null && offer.register.some((f) => [null, 'full'].includes(reasonFor(f, country)));
}

function FeeLine({ fee, reason }: { fee: OfferedFee; reason: string | null }) {
  const t = useTranslations('fees');
  const locale = useAppLocale();
  const category = localized(fee.category, locale);
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={500}>{localized(fee.title, locale)}</Text>
        {category && (
          <Badge size="xs" variant="light">
            {category}
          </Badge>
        )}
        {reason && (
          <Badge size="xs" color="gray" data-testid="fee-reason">
            {t(`reason_${reason}`)}
          </Badge>
        )}
      </Group>
      <Group gap="md">
        <Text size="sm" fw={600} data-testid="fee-price">
          {formatMoney(fee.priceMinor, fee.currency, locale)}
        </Text>
        {fee.displayCurrency !== fee.currency && (
          <Text size="xs" c="dimmed">
            {t('displayPrice', { price: formatMoney(fee.displayPriceMinor, fee.displayCurrency, locale) })}
          </Text>
        )}
        {fee.deadline && (
          <Text size="xs" c="dimmed">
            {t('deadline', { date: fee.deadline })}
          </Text>
        )}
        {fee.remaining !== null && (
          <Text size="xs" c="dimmed">
            {t('remaining', { count: fee.remaining })}
          </Text>
        )}
        {fee.thirdWorldOnly && reason !== 'thirdWorld' && (
          <Text size="xs" c="orange">
            {t('thirdWorld')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The registration fee to pick (one) and the optional fees with quantities. */
export function FeeChooser({
  offer,
  value,
  onChange,
  country,
  onApplyCode,
  only,
  error,
}: {
  offer: FeeOffer;
  value: FeeChoice;
  onChange: (next: FeeChoice) => void;
  country: string | null;
  onApplyCode?: (code: string) => Promise<void>;
  only?: 'register' | 'optional';
  error?: string;
}) {
  const t = useTranslations('fees');
  const locale = useAppLocale();
  const [code, setCode] = useState(value.invitationCode);
  const [applying, setApplying] = useState(false);
  const chosen = (id: number) => value.optional.find((o) => o.feeId === id);
  const setOptional = (fee: OfferedFee, quantity: number | null) =>
    onChange({
      ...value,
      optional:
        quantity === null
          ? value.optional.filter((o) => o.feeId !== fee.id)
          : [...value.optional.filter((o) => o.feeId !== fee.id), { feeId: fee.id, quantity }],
    });
  const totals = new Map<string, number>();
  const add = (fee: OfferedFee | undefined, quantity: number) =>
    fee && totals.set(fee.currency, (totals.get(fee.currency) ?? 0) + fee.priceMinor * quantity);
  if (only !== 'optional')
    add(
      offer.register.find((f) => f.id === value.registerFeeId),
      1,
    );
  if (only !== 'register')
    for (const o of value.optional)
      add(
        offer.optional.find((f) => f.id === o.feeId),
        o.quantity,
      );

  return (
    <Stack gap="md" data-testid="fee-chooser">
      {onApplyCode && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('invitationCode')}
            placeholder={t('invitationPlaceholder')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            data-testid="invitation-code"
            style={{ flex: 1, maxWidth: 320 }}
          />
          <Button
            variant="light"
            loading={applying}
            onClick={async () => {
              setApplying(true);
              try {
                await onApplyCode(code.trim());
                onChange({ ...value, invitationCode: code.trim() });
              } finally {
                setApplying(false);
              }
            }}
            data-testid="apply-code"
          >
            {t('applyCode')}
          </Button>
        </Group>
      )}
      {only !== 'optional' && (
        <Radio.Group
          label={t('registerFee')}
          required={offer.register.length > 0}
          error={error}
          value={value.registerFeeId === null ? '' : String(value.registerFeeId)}
          onChange={(v) => onChange({ ...value, registerFeeId: v ? Number(v) : null })}
          data-testid="register-fee"
        >
          <Stack gap="xs" mt="xs">
            {offer.register.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('noRegisterFee')}
              </Text>
            )}
            {offer.register.map((fee) => {
              const reason = reasonFor(fee, country);
              return (
                <Card key={fee.id} withBorder padding="sm" data-fee={fee.id}>
                  <Radio
                    value={String(fee.id)}
                    disabled={reason !== null}
                    label={<FeeLine fee={fee} reason={reason} />}
                    aria-label={localized(fee.title, locale)}
                  />
                </Card>
              );
            })}
          </Stack>
        </Radio.Group>
      )}
      {only !== 'register' && offer.optional.length > 0 && (
        <Stack gap="xs" data-testid="optional-fees">
          <Text fw={500} size="sm">
            {t('optionalFees')}
          </Text>
          {offer.optional.map((fee) => {
            const reason = reasonFor(fee, country);
            const picked = chosen(fee.id);
            return (
              <Card key={fee.id} withBorder padding="sm" data-fee={fee.id}>
                <Group justify="space-between" wrap="nowrap">
                  <Checkbox
                    checked={Boolean(picked)}
                    disabled={reason !== null && !picked}
                    onChange={(e) => setOptional(fee, e.currentTarget.checked ? 1 : null)}
                    label={<FeeLine fee={fee} reason={reason} />}
                    aria-label={localized(fee.title, locale)}
                  />
                  {picked && fee.perAccountMax > 1 && (
                    <TextInput
                      w={110}
                      type="number"
                      inputMode="numeric"
                      step={1}
                      label={t('quantity')}
                      description={t('perAccount', { count: fee.perAccountMax })}
                      min={1}
                      max={fee.perAccountMax}
                      value={picked.quantity}
                      onChange={(e) => setOptional(fee, Math.min(fee.perAccountMax, Math.max(1, Math.trunc(Number(e.currentTarget.value)) || 1)))}
                      data-testid="fee-quantity"
                    />
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      {totals.size > 0 && (
        <Text fw={600} data-testid="fee-total">
          {t('total', { amount: [...totals].map(([currency, minor]) => formatMoney(minor, currency, locale)).join(' + ') })}
        </Text>
      )}
    </Stack>
  );
}
