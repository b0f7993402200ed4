'use client';

import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { CURRENCIES } from '@/lib/fees/money';
import { FEE_KINDS, LANGUAGE_SCOPES, ZFeeInput, type FeeInput } from '@/lib/fees/schemas';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { MoneyInput } from '@/components/ui/money-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';

export const NEW_FEE: FeeInput = {
  kind: 'register',
  title: { zh: '', en: '' },
  category: { zh: '', en: '' },
  priceMinor: '' as unknown as number,
  currency: 'CNY',
  displayCurrency: 'CNY',
  displayPriceMinor: '' as unknown as number,
  thirdWorldOnly: false,
  openDate: '',
  deadline: '',
  isOpen: true,
  invitationCode: '',
  languageScope: 'all',
  cap: null,
  perAccountMax: 1,
};

/** The modal that adds or edits a fee: every field of spec §3, checked by the handler's schema. */
export function FeeForm({
  opened,
  initial,
  onClose,
  onSaved,
}: {
  opened: boolean;
  initial: FeeInput;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('feeConfig');
  const tc = useTranslations('common');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZFeeInput,
    values: initial,
    call: { path: '/conference/admin/register/fee/save' },
    success: (result: { id: number; invalidatedOrders: number }) =>
      result.invalidatedOrders ? t('savedInvalidated', { count: result.invalidatedOrders }) : t('saved'),
    onSuccess: onSaved,
    refresh: true,
  });
  const [currency, displayCurrency] = useWatch({ control: form.control, name: ['currency', 'displayCurrency'] });
  const currencies = CURRENCIES.map((c) => ({ value: c, label: c }));
  const select = (
    name: 'kind' | 'currency' | 'displayCurrency' | 'languageScope',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value as string}
          onChange={(v) => v && field.onChange(v)}
          allowDeselect={false}
          data-testid={`fee-${name}`}
        />
      )}
    />
  );
  const money = (name: 'priceMinor' | 'displayPriceMinor', label: string, unit: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MoneyInput
          label={label}
          required
          currency={unit}
          value={field.value as number | ''}
          onChange={field.onChange}
          error={fieldError(name)}
          data-testid={`fee-${name}`}
        />
      )}
    />
  );
  const toggle = (name: 'thirdWorldOnly' | 'isOpen', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          data-testid={`fee-${name}`}
        />
      )}
    />
  );
  return (
    <Modal opened={opened} onClose={onClose} title={initial.id ? t('editTitle') : t('addTitle')} size="xl">
      <form onSubmit={submit} noValidate data-testid="fee-form">
        <Stack gap="sm">
          {select(
            'kind',
            t('kind'),
            FEE_KINDS.map((k) => ({ value: k, label: t(`kind_${k}`) })),
          )}
          <BilingualInput control={form.control} name="title" label={{ zh: t('titleZh'), en: t('titleEn') }} required />
          <BilingualInput control={form.control} name="category" label={{ zh: t('categoryZh'), en: t('categoryEn') }} />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {money('priceMinor', t('price'), currency)}
            {select('currency', t('currency'), currencies)}
            {money('displayPriceMinor', t('displayPrice'), displayCurrency)}
            {select('displayCurrency', t('displayCurrency'), currencies)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="date" label={t('openDate')} error={fieldError('openDate')} {...form.register('openDate')} />
            <TextInput type="date" label={t('deadline')} error={fieldError('deadline')} {...form.register('deadline')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={form.control}
              name="cap"
              render={({ field }) => (
                <NumberInput
                  label={t('cap')}
                  description={t('capHint')}
                  min={1}
                  allowDecimal={false}
                  value={typeof field.value === 'number' ? field.value : ''}
                  onChange={(v) => field.onChange(v === '' ? null : Number(v))}
                  error={fieldError('cap')}
                  data-testid="fee-cap"
                />
              )}
            />
            <Controller
              control={form.control}
              name="perAccountMax"
              render={({ field }) => (
                <NumberInput
                  label={t('perAccountMax')}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  value={typeof field.value === 'number' ? field.value : ''}
                  onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                  error={fieldError('perAccountMax')}
                  data-testid="fee-perAccountMax"
                />
              )}
            />
            {select(
              'languageScope',
              t('languageScope'),
              LANGUAGE_SCOPES.map((s) => ({ value: s, label: t(`scope_${s}`) })),
            )}
          </SimpleGrid>
          <TextInput
            label={t('invitationCode')}
            description={t('invitationCodeHint')}
            error={fieldError('invitationCode')}
            {...form.register('invitationCode')}
          />
          <Group>
            {toggle('isOpen', t('isOpen'))}
            {toggle('thirdWorldOnly', t('thirdWorldOnly'))}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="fee-save">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
