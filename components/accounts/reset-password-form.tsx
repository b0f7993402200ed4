'use client';

import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { ZResetPassword } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { localePath } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { SendCodeButton } from '@/components/ui/send-code-button';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';
import { PasswordFields } from './password-fields';
import { useSendCode } from './use-send-code';

type Values = { email: string; code: string; name: string; password: string; confirmPassword: string };

export function ResetPasswordForm() {
  const t = useTranslations('auth');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<Values>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { email: '', code: '', name: '', password: '', confirmPassword: '' },
  });
  const sendCode = useSendCode(form, 'resetPassCode');

  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/conferenceRegUserConfig/updatePassword', { body: { data: values } });
      window.location.assign(localePath(locale, '/conferencelogin?reset=1'));
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <form method="post" onSubmit={submit} noValidate data-testid="reset-form">
      <Stack gap="md">
        <TextInput label={t('email')} placeholder={t('emailPlaceholder')} type="email" autoComplete="email" required error={fieldError(form.formState.errors.email)} {...form.register('email')} />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput label={t('code')} inputMode="numeric" maxLength={6} autoComplete="one-time-code" required style={{ flex: 1 }} error={fieldError(form.formState.errors.code)} {...form.register('code')} />
          <div style={{ paddingTop: 25 }}>
            <SendCodeButton onSend={sendCode} />
          </div>
        </Group>
        <TextInput label={t('name')} description={t('nameHint')} autoComplete="name" required error={fieldError(form.formState.errors.name)} {...form.register('name')} />
        <PasswordFields form={form} label={t('newPassword')} />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('resetButton')}
        </Button>
        <Anchor component={Link} href="/conferencelogin" size="sm">
          {t('loginLink')}
        </Anchor>
      </Stack>
    </form>
  );
}
