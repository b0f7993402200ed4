'use client';

import { Fieldset, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { CURRENCIES } from '@/lib/fees/money';
import { useRouter } from '@/lib/i18n/navigation';
import { SUBMISSION_FILE_MAX_MB, SUBMISSION_FILE_TYPES, ZCallConfig, type CallConfigInput } from '@/lib/submissions/config-schemas';
import { ApiError } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { MoneyInput } from '@/components/ui/money-input';
import { RichTextInput } from '@/components/ui/rich-text-editor';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';
import { ChoiceListEditor } from './choice-list-editor';

type NumberName = 'cap' | 'perUserLimit' | 'keywordsMin' | 'keywordsMax' | 'abstractMaxChars' | 'abstractFileMaxMb' | 'fullTextMaxMb';
type SwitchName = 'enabled' | 'abstractFileRequired' | 'fullTextRequired';

/** The call-for-papers settings: dates, limits, lists, keywords, files, fee and notice. `used` is shown, never sent. */
export function CallConfigForm({ initial, used }: { initial: CallConfigInput; used: number }) {
  const t = useTranslations('contributeConfig');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const form = useForm<CallConfigInput>({ resolver: zodResolver(ZCallConfig) as never, defaultValues: initial });
  const errors = form.formState.errors;
  const currency = useWatch({ control: form.control, name: 'feeCurrency' }) ?? 'CNY';
  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/platform/config/contribute', { body: values });
      notifications.show({ color: 'green', message: t('saved') });
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
      if (error instanceof ApiError && error.code === 'SUBMISSION_CAP_BELOW_USED') form.setError('cap', { message: error.message });
    }
  });

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
          error={fieldError(errors[name])}
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
      error={fieldError(errors[name])}
      data-testid={`cfp-${name}`}
      {...form.register(name)}
    />
  );
  const types = (name: 'abstractFileTypes' | 'fullTextTypes', label: string) => (
    <Controller
      control={form.control}
      name={name as Path<CallConfigInput>}
      render={({ field }) => (
        <MultiSelect
          label={label}
          data={SUBMISSION_FILE_TYPES.map((ext) => ({ value: ext, label: `.${ext}` }))}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          error={fieldError(errors[name])}
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
                  error={fieldError(errors.feeMinor)}
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
                  error={fieldError(errors.feeCurrency)}
                  data-testid="cfp-feeCurrency"
                />
              )}
            />
          </SimpleGrid>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['zh', 'en'] as const).map((lang) => (
            <Controller
              key={lang}
              control={form.control}
              name={`notice.${lang}`}
              render={({ field }) => (
                <RichTextInput
                  label={t(lang === 'zh' ? 'noticeZh' : 'noticeEn')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldError(errors.notice?.[lang])}
                  testId={`cfp-notice-${lang}`}
                />
              )}
            />
          ))}
        </SimpleGrid>

        <Group justify="flex-end">
          <SubmitButton loading={form.formState.isSubmitting} data-testid="save-call-config">
            {t('save')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
