'use client';

import { Anchor, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { ZResetPassword } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { localePath } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';
import { PasswordFields, type CodeFormValues } from './password-fields';
import { EmailCodeFields } from './email-code-fields';
import { SubmitButton } from '@/components/ui/submit-button';

export function ResetPasswordForm() {
  const t = useTranslations('auth');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(ZResetPassword),
    defaultValues: { email: '', code: '', name: '', password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/conferenceRegUserConfig/updatePassword', { body: { data: values } });
      window.location.assign(localePath(locale, '/conferencelogin?reset=1'));
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="reset-form">
      <Stack gap="md">
        <EmailCodeFields form={form} purpose="resetPassCode" />
        <TextInput
          label={t('name')}
          description={t('nameHint')}
          autoComplete="name"
          required
          error={fieldError(form.formState.errors.name)}
          {...form.register('name')}
        />
        <PasswordFields form={form} label={t('newPassword')} />
        <SubmitButton loading={form.formState.isSubmitting} fullWidth>
          {t('resetButton')}
        </SubmitButton>
        <Anchor component={Link} href="/conferencelogin" size="sm">
          {t('loginLink')}
        </Anchor>
      </Stack>
    </form>
  );
}
