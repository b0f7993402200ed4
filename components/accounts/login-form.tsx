'use client';

import { Alert, Anchor, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZLogin } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { localePath } from '@/components/ui/api-client';
import { safeReturnPath, showApiError } from '@/components/ui/form-errors';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';
import { SubmitButton } from '@/components/ui/submit-button';

type Values = z.input<typeof ZLogin>;

export function LoginForm({ redirect, expired, resetDone }: { redirect?: string; expired?: boolean; resetDone?: boolean }) {
  const t = useTranslations('auth');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<Values>({ resolver: zodResolver(ZLogin), defaultValues: { email: '', password: '' } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await api<{ token: string; registered: boolean }>('/base/oauth/localLogin', { body: values });
      const back = safeReturnPath(redirect);
      window.location.assign(localePath(locale, back ?? (result.registered ? '/profile/userInfo' : '/conferenceRegister')));
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack gap="md">
        {expired && (
          <Alert color="orange" data-testid="session-expired">
            {t('sessionExpiredNotice')}
          </Alert>
        )}
        {resetDone && (
          <Alert color="green" data-testid="reset-done">
            {t('resetDone')}
          </Alert>
        )}
        <TextInput
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          error={fieldError(form.formState.errors.email)}
          {...form.register('email')}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          required
          error={fieldError(form.formState.errors.password)}
          {...form.register('password')}
        />
        <SubmitButton loading={form.formState.isSubmitting} fullWidth>
          {t('loginButton')}
        </SubmitButton>
        <Group justify="space-between">
          <Text size="sm">
            {t('noAccount')}{' '}
            <Anchor component={Link} href="/userRegister">
              {t('signUpLink')}
            </Anchor>
          </Text>
          <Anchor component={Link} href="/resetPassword" size="sm">
            {t('forgotPassword')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
