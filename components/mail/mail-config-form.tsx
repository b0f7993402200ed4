'use client';

import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { ApiError } from '@/components/ui/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormError } from '@/components/ui/form-error';
import { useApiForm } from '@/components/ui/use-api-form';
import {
  MAIL_PASSWORD_MIN,
  ZMailConfigInput,
  ZMailTestInput,
  type MailConfigInput,
  type ManagedMailConfig,
} from '@/lib/mail/config-schema';
import { StatusBadge } from '@/components/ui/status-badge';

const PATH = '/conference/platform/config/email';

function initialValues(config: ManagedMailConfig | null): MailConfigInput {
  return {
    fromAddress: config?.fromAddress ?? '',
    fromName: config?.fromName ?? '',
    smtpHost: config?.smtpHost ?? '',
    smtpPort: config ? String(config.smtpPort) : '465',
    ssl: config?.ssl ?? true,
    username: config?.username ?? '',
    password: '',
    confirmPassword: '',
    active: config?.active ?? true,
  };
}

/**
 * Whether the typed server or login differs from the saved one: the stored password is then not
 * kept (lib/mail/conference-config.ts), so the form asks for one.
 */
function destinationChanged(saved: ManagedMailConfig, values: Pick<MailConfigInput, 'smtpHost' | 'smtpPort' | 'username' | 'fromAddress'>) {
  const login = (username: string, fromAddress: string) => (username.trim() || fromAddress.trim()).toLowerCase();
  return (
    (values.smtpHost ?? '').trim().toLowerCase() !== saved.smtpHost ||
    String(values.smtpPort ?? '').trim() !== String(saved.smtpPort) ||
    login(values.username ?? '', values.fromAddress ?? '') !== login(saved.username, saved.fromAddress)
  );
}

/**
 * The conference's own mail account (spec §3/§5): sender, SMTP host and port, SSL, the password or
 * authorization code (typed twice; shown only as "set", an empty field keeps it while the server
 * and login stay the same, a changed one needs it again), active; and a test send to an address
 * the organiser types, through the saved account.
 */
export function MailConfigForm({ config }: { config: ManagedMailConfig | null }) {
  const t = useTranslations('mailConfig');
  const [saved, setSaved] = useState(config);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZMailConfigInput,
    defaultValues: initialValues(config),
    call: { method: 'PUT', path: PATH },
    onSuccess: (result: { config: ManagedMailConfig }) => {
      setSaved(result.config);
      form.reset(initialValues(result.config));
    },
    success: t('saved'),
    refresh: true,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'MAIL_PASSWORD_REQUIRED') {
        form.setError('password', { type: 'server', message: error.message });
        return true;
      }
    },
  });
  const [smtpHost, smtpPort, username, fromAddress] = useWatch({
    control: form.control,
    name: ['smtpHost', 'smtpPort', 'username', 'fromAddress'],
  });
  const keepsPassword = saved !== null && saved.passwordSet && !destinationChanged(saved, { smtpHost, smtpPort, username, fromAddress });

  const {
    form: test,
    submit: sendTest,
    fieldError: testError,
    formError: testFormError,
  } = useApiForm({
    schema: ZMailTestInput,
    defaultValues: { to: '' },
    call: { path: `${PATH}/test` },
    success: (_result, values) => t('testSent', { to: values.to }),
  });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate data-testid="mail-config-form">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>{t('accountTitle')}</Title>
            <StatusBadge size="md" variant="light" color={saved?.active ? 'green' : 'gray'} data-testid="mail-config-state">
              {saved ? (saved.active ? t('stateActive') : t('stateInactive')) : t('stateNone')}
            </StatusBadge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('accountIntro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fromAddress')}
              required
              type="email"
              autoComplete="off"
              {...form.register('fromAddress')}
              error={fieldError('fromAddress')}
              data-testid="mail-from-address"
            />
            <TextInput label={t('fromName')} {...form.register('fromName')} error={fieldError('fromName')} data-testid="mail-from-name" />
            <TextInput
              label={t('smtpHost')}
              required
              {...form.register('smtpHost')}
              error={fieldError('smtpHost')}
              data-testid="mail-smtp-host"
            />
            <TextInput
              label={t('smtpPort')}
              required
              inputMode="numeric"
              {...form.register('smtpPort')}
              error={fieldError('smtpPort')}
              data-testid="mail-smtp-port"
            />
            <TextInput
              label={t('username')}
              description={t('usernameHint')}
              autoComplete="off"
              {...form.register('username')}
              error={fieldError('username')}
              data-testid="mail-username"
            />
            <div />
            <PasswordInput
              label={t('password')}
              description={
                keepsPassword
                  ? t('passwordSet')
                  : saved?.passwordSet
                    ? t('passwordForNewServer')
                    : t('passwordRule', { min: MAIL_PASSWORD_MIN })
              }
              required={!keepsPassword}
              autoComplete="new-password"
              {...form.register('password')}
              error={fieldError('password')}
              data-testid="mail-password"
            />
            <PasswordInput
              label={t('confirmPassword')}
              required={!keepsPassword}
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              error={fieldError('confirmPassword')}
              data-testid="mail-confirm-password"
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="ssl"
            render={({ field }) => (
              <Switch
                label={t('ssl')}
                description={t('sslHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="mail-ssl"
              />
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t('active')}
                description={t('activeHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                data-testid="mail-active"
              />
            )}
          />
          <Group>
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="mail-config-save">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>

      <Paper withBorder p="md">
        <form onSubmit={sendTest} noValidate data-testid="mail-test-form">
          <Stack gap="sm">
            <Title order={4}>{t('testTitle')}</Title>
            <Text size="sm" c="dimmed">
              {saved ? t('testIntro') : t('testNeedsConfig')}
            </Text>
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('testTo')}
                type="email"
                style={{ flex: 1, minWidth: 200 }}
                {...test.register('to')}
                error={testError('to')}
                data-testid="mail-test-to"
              />
              <Button type="submit" loading={test.formState.isSubmitting} disabled={!saved} data-testid="mail-test-send">
                {t('testSend')}
              </Button>
              <FormError message={testFormError} />
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
