'use client';

import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CURRENCIES } from '@/lib/fees/money';
import { FEE_KINDS, LANGUAGE_SCOPES, ZFeeInput, type FeeInput } from '@/lib/fees/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { MoneyInput } from '@/components/ui/money-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useFieldError } from '@/components/ui/use-api';

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
  onSave,
}: {
  opened: boolean;
  initial: FeeInput;
  onClose: () => void;
  onSave: (value: FeeInput) => Promise<void>;
}) {
  const t = useTranslations('feeConfig');
  const tc = useTranslations('common');
  const fieldError = useFieldError();
  const form = useForm<FeeInput>({ resolver: zodResolver(ZFeeInput) as never, values: initial });
  const errors = form.formState.errors;
  const [currency, displayCurrency] = useWatch({ control: form.control, name: ['currency', 'displayCurrency'] });
  const submit = form.handleSubmit(async (value) => {
    try {
      await onSave(value);
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
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
          error={fieldError(errors[name])}
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('titleZh')} required error={fieldError(errors.title?.zh)} {...form.register('title.zh')} />
            <TextInput label={t('titleEn')} required error={fieldError(errors.title?.en)} {...form.register('title.en')} />
            <TextInput label={t('categoryZh')} error={fieldError(errors.category?.zh)} {...form.register('category.zh')} />
            <TextInput label={t('categoryEn')} error={fieldError(errors.category?.en)} {...form.register('category.en')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {money('priceMinor', t('price'), currency)}
            {select('currency', t('currency'), currencies)}
            {money('displayPriceMinor', t('displayPrice'), displayCurrency)}
            {select('displayCurrency', t('displayCurrency'), currencies)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="date" label={t('openDate')} error={fieldError(errors.openDate)} {...form.register('openDate')} />
            <TextInput type="date" label={t('deadline')} error={fieldError(errors.deadline)} {...form.register('deadline')} />
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
                  error={fieldError(errors.cap)}
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
                  error={fieldError(errors.perAccountMax)}
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
            error={fieldError(errors.invitationCode)}
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
            <SubmitButton loading={form.formState.isSubmitting} data-testid="fee-save">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
