'use client';

import { Fieldset, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Controller, useWatch } from 'react-hook-form';
import { CURRENCIES } from '@/lib/fees/money';
import { SUBMISSION_FILE_MAX_MB, SUBMISSION_FILE_TYPES, ZCallConfig, type CallConfigInput } from '@/lib/submissions/config-schemas';
import { ApiError } from '@/components/ui/api-client';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { MoneyInput } from '@/components/ui/money-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { ChoiceListEditor } from './choice-list-editor';

type NumberName = 'cap' | 'perUserLimit' | 'keywordsMin' | 'keywordsMax' | 'abstractMaxChars' | 'abstractFileMaxMb' | 'fullTextMaxMb';
type SwitchName = 'enabled' | 'abstractFileRequired' | 'fullTextRequired';

/** The call-for-papers settings: dates, limits, lists, keywords, files, fee and notice. `used` is shown, never sent. */
export function CallConfigForm({ initial, used }: { initial: CallConfigInput; used: number }) {
  const t = useTranslations('contributeConfig');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZCallConfig,
    defaultValues: initial,
    call: { path: '/conference/platform/config/contribute' },
    success: t('saved'),
    refresh: true,
    onError: (error) => {
      // On its field, where it stays (and nowhere else).
      if (error instanceof ApiError && error.code === 'SUBMISSION_CAP_BELOW_USED') {
        form.setError('cap', { message: error.message });
        return true;
      }
    },
  });
  const errors = form.formState.errors;
  const currency = useWatch({ control: form.control, name: 'feeCurrency' }) ?? 'CNY';

  const toggle = (name: SwitchName, label: string, description?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          description={description}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          data-testid={`cfp-${name}`}
        />
      )}
    />
  );
  const whole = (name: NumberName, label: string, props: { min: number; max: number; description?: string }) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          description={props.description}
          min={props.min}
          max={props.max}
          allowDecimal={false}
          allowNegative={false}
          value={field.value as number | ''}
          onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
          onBlur={field.onBlur}
          error={fieldError(name)}
          data-testid={`cfp-${name}`}
        />
      )}
    />
  );
  const date = (name: 'openDate' | 'firstDeadline' | 'secondDeadline', label: string, description?: string) => (
    <TextInput
      type="date"
      label={label}
      description={description}
      error={fieldError(name)}
      data-testid={`cfp-${name}`}
      {...form.register(name)}
    />
  );
  const types = (name: 'abstractFileTypes' | 'fullTextTypes', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          label={label}
          data={SUBMISSION_FILE_TYPES.map((ext) => ({ value: ext, label: `.${ext}` }))}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          error={fieldError(name)}
          data-testid={`cfp-${name}`}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate data-testid="call-config-form">
      <Stack gap="lg">
        <Fieldset legend={t('sectionDates')}>
          <Stack gap="sm">
            {toggle('enabled', t('enabled'), t('enabledHint'))}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {date('openDate', t('openDate'))}
              {date('firstDeadline', t('firstDeadline'), t('firstDeadlineHint'))}
              {date('secondDeadline', t('secondDeadline'), t('secondDeadlineHint'))}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('sectionLimits')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {whole('cap', t('cap'), { min: 0, max: 1_000_000, description: t('capHint', { used }) })}
            {whole('perUserLimit', t('perUserLimit'), { min: 0, max: 1000, description: t('perUserLimitHint') })}
          </SimpleGrid>
          <Text size="sm" mt="xs" data-testid="cfp-used">
            {t('usedNow', { used })}
          </Text>
        </Fieldset>

        <ChoiceListEditor name="reportTypes" legend={t('reportTypes')} control={form.control} register={form.register} errors={errors} />
        <ChoiceListEditor name="categories" legend={t('categories')} control={form.control} register={form.register} errors={errors} />

        <Fieldset legend={t('sectionContent')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {whole('keywordsMin', t('keywordsMin'), { min: 0, max: 20 })}
            {whole('keywordsMax', t('keywordsMax'), { min: 1, max: 20 })}
            {whole('abstractMaxChars', t('abstractMaxChars'), { min: 100, max: 20000 })}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('sectionFiles')}>
          <Stack gap="md">
            <Stack gap="xs">
              {toggle('abstractFileRequired', t('abstractFileRequired'))}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {types('abstractFileTypes', t('abstractFileTypes'))}
                {whole('abstractFileMaxMb', t('abstractFileMaxMb'), {
                  min: 1,
                  max: SUBMISSION_FILE_MAX_MB,
                  description: t('maxMbHint', { max: SUBMISSION_FILE_MAX_MB }),
                })}
              </SimpleGrid>
            </Stack>
            <Stack gap="xs">
              {toggle('fullTextRequired', t('fullTextRequired'))}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {types('fullTextTypes', t('fullTextTypes'))}
                {whole('fullTextMaxMb', t('fullTextMaxMb'), {
                  min: 1,
                  max: SUBMISSION_FILE_MAX_MB,
                  description: t('maxMbHint', { max: SUBMISSION_FILE_MAX_MB }),
                })}
              </SimpleGrid>
            </Stack>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('sectionFee')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="feeMinor"
              render={({ field }) => (
                <MoneyInput
                  label={t('fee')}
                  description={t('feeHint')}
                  currency={currency}
                  value={field.value as number | ''}
                  onChange={field.onChange}
                  error={fieldError('feeMinor')}
                  data-testid="cfp-feeMinor"
                />
              )}
            />
            <Controller
              control={form.control}
              name="feeCurrency"
              render={({ field }) => (
                <Select
                  label={t('feeCurrency')}
                  data={CURRENCIES.map((c) => ({ value: c, label: c }))}
                  value={field.value ?? 'CNY'}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                  error={fieldError('feeCurrency')}
                  data-testid="cfp-feeCurrency"
                />
              )}
            />
          </SimpleGrid>
        </Fieldset>

        <BilingualInput control={form.control} name="notice" label={{ zh: t('noticeZh'), en: t('noticeEn') }} rich testId="cfp-notice" />

        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-call-config">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
