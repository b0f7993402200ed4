'use client';

import { Anchor, Stack, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ZResetPassword } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { localePath } from '@/components/ui/api-client';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { PasswordFields } from './password-fields';
import { EmailCodeFields } from './email-code-fields';
import { SubmitButton } from '@/components/ui/submit-button';

export function ResetPasswordForm() {
  const t = useTranslations('auth');
  const locale = useAppLocale();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZResetPassword,
    defaultValues: { email: '', code: '', name: '', password: '', confirmPassword: '' },
    call: { path: '/conference/conferenceRegUserConfig/updatePassword', body: (values) => ({ data: values }) },
    onSuccess: () => window.location.assign(localePath(locale, '/conferencelogin?reset=1')),
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
          error={fieldError('name')}
          {...form.register('name')}
        />
        <PasswordFields form={form} label={t('newPassword')} />
        <SubmitButton error={formError} loading={form.formState.isSubmitting} fullWidth>
          {t('resetButton')}
        </SubmitButton>
        <Anchor component={Link} href="/conferencelogin" size="sm">
          {t('loginLink')}
        </Anchor>
      </Stack>
    </form>
  );
}
