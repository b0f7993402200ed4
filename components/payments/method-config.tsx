'use client';

import { Accordion, Badge, Button, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { RichTextInput } from '@/components/ui/rich-text-editor';
import { useApiForm } from '@/components/ui/use-api-form';
import type { LocalizedText } from '@/lib/i18n/localized';
import { METHOD_FIELDS, type FieldDef } from '@/lib/payments/method-fields';
import type { ManagedMethod } from '@/lib/payments/methods';
import type { MethodKind } from '@/lib/payments/providers/types';
import { ZMethodInput, ZPaymentSettings, type MethodInput } from '@/lib/payments/schemas';

type Times = { orderExpiryMinutes: number; billExpiryMinutes: number; payReminderMinutes: number };

/** Every payment method kind as an accordion item, each with its own form; and the time limits. */
export function MethodConfig({ methods, times, notifyBase }: { methods: ManagedMethod[]; times: Times; notifyBase: string }) {
  const t = useTranslations('payments');
  const [state, setState] = useState(methods);
  return (
    <Stack gap="lg">
      {!state.some((m) => m.enabled) && (
        <Text c="orange.9" data-testid="no-method-on">
          {t('noneOn')}
        </Text>
      )}
      <Accordion variant="separated" multiple data-testid="pay-methods">
        {state.map((method) => (
          <Accordion.Item key={method.kind} value={method.kind} data-testid={`method-${method.kind}`}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={500}>{t(`kind_${method.kind}`)}</Text>
                {method.enabled && (
                  <Badge color="green" variant="light" data-testid="method-on">
                    {t('enabled')}
                  </Badge>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <MethodForm
                method={method}
                notifyUrl={`${notifyBase}/api/conference/pay/notify/${method.kind}`}
                onSaved={(saved) => setState((all) => all.map((m) => (m.kind === saved.kind ? saved : m)))}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <TimesForm times={times} />
    </Stack>
  );
}

function emptyFor(def: FieldDef): string | LocalizedText {
  return def.type === 'localized' || def.type === 'html' ? { zh: '', en: '' } : '';
}

function MethodForm({ method, notifyUrl, onSaved }: { method: ManagedMethod; notifyUrl: string; onSaved: (m: ManagedMethod) => void }) {
  const t = useTranslations('payments');
  const fields = METHOD_FIELDS[method.kind as MethodKind];
  const defaultValues: MethodInput = {
    kind: method.kind,
    enabled: method.enabled,
    settings: Object.fromEntries(fields.settings.map((f) => [f.name, method.settings[f.name] ?? emptyFor(f)])),
    secrets: Object.fromEntries(fields.secrets.map((f) => [f.name, ''])),
  };
  const {
    form,
    submit,
    fieldError: errorOf,
  } = useApiForm({
    schema: ZMethodInput,
    defaultValues,
    call: (values, api) => api<ManagedMethod>('/conference/platform/config/pay', { body: values }),
    success: t('saved'),
    onSuccess: (saved, values) => {
      onSaved(saved);
      // Secrets are never shown again: the boxes empty once stored.
      form.reset({ ...values, secrets: Object.fromEntries(fields.secrets.map((f) => [f.name, ''])) });
    },
  });
  return (
    <form onSubmit={submit} noValidate data-testid={`method-form-${method.kind}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`kindHelp_${method.kind}`, { url: notifyUrl })}
        </Text>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('enabled')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              data-testid="method-enabled"
            />
          )}
        />
        {fields.settings.map((def) => {
          const name = `settings.${def.name}` as const;
          const label = t(`field_${def.name}`);
          if (def.type === 'text')
            return <TextInput key={def.name} label={label} required={def.required} {...form.register(name)} error={errorOf(name)} />;
          if (def.type === 'multiline')
            return (
              <Textarea
                key={def.name}
                label={label}
                required={def.required}
                autosize
                minRows={3}
                maxRows={10}
                {...form.register(name)}
                error={errorOf(name)}
                ff="monospace"
              />
            );
          // A settings value is a text or a { zh, en } by its kind's field: the pair is registered by path.
          if (def.type === 'localized')
            return (
              <SimpleGrid key={def.name} cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={`${label}（${t('zh')}）`}
                  required={def.required}
                  {...form.register(`${name}.zh`)}
                  error={errorOf(`${name}.zh`)}
                  data-testid={`setting-${def.name}-zh`}
                />
                <TextInput
                  label={`${label} (${t('en')})`}
                  required={def.required}
                  {...form.register(`${name}.en`)}
                  error={errorOf(`${name}.en`)}
                  data-testid={`setting-${def.name}-en`}
                />
              </SimpleGrid>
            );
          return (
            <Stack key={def.name} gap="xs">
              {(['zh', 'en'] as const).map((lang) => (
                <Controller
                  key={lang}
                  control={form.control}
                  name={`${name}.${lang}`}
                  render={({ field }) => (
                    <RichTextInput
                      label={`${label} — ${t(lang)}`}
                      value={typeof field.value === 'string' ? field.value : ''}
                      onChange={field.onChange}
                      testId={`setting-${def.name}-${lang}`}
                    />
                  )}
                />
              ))}
            </Stack>
          );
        })}
        {fields.secrets.map((def) => {
          const name = `secrets.${def.name}` as const;
          const set = method.secretsSet[def.name];
          const label = t(`field_${def.name}`);
          const description = set ? t('secretSet') : t('secretUnset');
          return def.type === 'multiline' ? (
            <Textarea
              key={def.name}
              label={label}
              description={description}
              autosize
              minRows={3}
              maxRows={10}
              autoComplete="off"
              {...form.register(name)}
              error={errorOf(name)}
              ff="monospace"
            />
          ) : (
            <PasswordInput
              key={def.name}
              label={label}
              description={description}
              autoComplete="new-password"
              {...form.register(name)}
              error={errorOf(name)}
              data-testid={`secret-${def.name}`}
            />
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="method-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TimesForm({ times }: { times: Times }) {
  const t = useTranslations('payments');
  const { form, submit, fieldError } = useApiForm({
    schema: ZPaymentSettings,
    defaultValues: times,
    call: { path: '/conference/platform/config/pay/times' },
    success: t('saved'),
  });
  const [orderMinutes, reminderMinutes] = form.watch(['orderExpiryMinutes', 'payReminderMinutes']);
  return (
    <form onSubmit={submit} noValidate data-testid="pay-times">
      <Stack gap="sm">
        <Text fw={600}>{t('timesTitle')}</Text>
        <TimesExplained orderMinutes={Number(orderMinutes)} reminderMinutes={Number(reminderMinutes)} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="number"
            label={t('orderExpiry')}
            description={t('orderExpiryHelp')}
            {...form.register('orderExpiryMinutes')}
            error={fieldError('orderExpiryMinutes')}
            data-testid="order-expiry"
          />
          <TextInput
            type="number"
            label={t('payReminder')}
            description={t('payReminderHelp')}
            {...form.register('payReminderMinutes')}
            error={fieldError('payReminderMinutes')}
            data-testid="pay-reminder"
          />
          <TextInput
            type="number"
            label={t('billExpiry')}
            {...form.register('billExpiryMinutes')}
            error={fieldError('billExpiryMinutes')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="pay-times-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The order time and the reminder lead in words, as they stand in the form. */
function TimesExplained({ orderMinutes, reminderMinutes }: { orderMinutes: number; reminderMinutes: number }) {
  const t = useTranslations('payments');
  const duration = (minutes: number) => {
    const parts = [
      [Math.floor(minutes / 1440), 'durationDays'],
      [Math.floor((minutes % 1440) / 60), 'durationHours'],
      [minutes % 60, 'durationMinutes'],
    ] as const;
    return parts
      .filter(([n]) => n > 0)
      .map(([n, key]) => t(key, { n }))
      .join(' ');
  };
  if (!Number.isInteger(orderMinutes) || orderMinutes <= 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="pay-times-explained">
      {t('timesExplain', { order: duration(orderMinutes) })}{' '}
      {Number.isInteger(reminderMinutes) && reminderMinutes > 0 && reminderMinutes < orderMinutes
        ? t('timesExplainReminder', { reminder: duration(reminderMinutes) })
        : t('timesExplainNoReminder')}
    </Text>
  );
}
