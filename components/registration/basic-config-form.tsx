'use client';

import { Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZBasicConfig } from '@/lib/registration/basic-config-schema';
import { RULE_TYPES } from '@/lib/registration/rule-types';
import { COUNTRY_CODES, countryName } from '@/lib/registration/countries';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';
import { useRouter } from '@/lib/i18n/navigation';
import { RichTextInput } from '@/components/ui/rich-text-editor';
import { SubmitButton } from '@/components/ui/submit-button';

type Values = z.input<typeof ZBasicConfig>;

export function BasicConfigForm({ initial }: { initial: Values }) {
  const t = useTranslations('registerConfig');
  const api = useApi();
  const locale = useAppLocale();
  const router = useRouter();
  const fieldError = useFieldError();
  const form = useForm<Values>({ resolver: zodResolver(ZBasicConfig) as never, defaultValues: initial });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/admin/register/config/basic/save', { body: values });
      notifications.show({ color: 'green', message: t('savedBasic') });
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="basic-config-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput type="date" label={t('startDate')} required error={fieldError(errors.startDate)} {...form.register('startDate')} />
          <TextInput type="date" label={t('endDate')} required error={fieldError(errors.endDate)} {...form.register('endDate')} />
        </SimpleGrid>
        <Group>
          {(['registerModuleEnabled', 'registerFlag'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Switch
                  label={t(name === 'registerFlag' ? 'registerFlag' : 'moduleEnabled')}
                  checked={Boolean(field.value)}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  data-testid={`switch-${name}`}
                />
              )}
            />
          ))}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            control={form.control}
            name="costsSet"
            render={({ field }) => (
              <Switch
                mt="xl"
                label={t('costsSet')}
                description={t('costsSetHint')}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="switch-costsSet"
              />
            )}
          />
          <Controller
            control={form.control}
            name="ruleType"
            render={({ field }) => (
              <Select
                label={t('ruleType')}
                data={RULE_TYPES.map((type) => ({ value: type, label: t(`rule_${type}`) }))}
                value={field.value ?? 'REGISTER_FIRST_AND_PAY_LATER'}
                onChange={(v) => field.onChange(v ?? 'REGISTER_FIRST_AND_PAY_LATER')}
                allowDeselect={false}
                data-testid="rule-type"
              />
            )}
          />
          <TextInput
            label={t('codePrefix')}
            description={t('codePrefixHint')}
            error={fieldError(errors.codePrefix)}
            {...form.register('codePrefix')}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="registerNum"
          render={({ field }) => (
            <NumberInput
              label={t('registerNum')}
              description={t('registerNumHint')}
              min={1}
              max={100000}
              allowDecimal={false}
              value={field.value as number}
              onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
              error={fieldError(errors.registerNum)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="countryOptions"
          render={({ field }) => (
            <MultiSelect
              label={t('countries')}
              description={t('countriesHint')}
              searchable
              data={COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) }))}
              value={field.value ?? []}
              onChange={field.onChange}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(['zh', 'en'] as const).map((lang) => (
            <Controller
              key={lang}
              control={form.control}
              name={`instructions.${lang}`}
              render={({ field }) => (
                <RichTextInput
                  label={t(lang === 'zh' ? 'instructionsZh' : 'instructionsEn')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldError(errors.instructions?.[lang])}
                  testId={`instructions-${lang}`}
                />
              )}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <SubmitButton loading={form.formState.isSubmitting}>{t('saveBasic')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
