'use client';

import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ZSignUp } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { localePath } from '@/components/ui/api-client';
import { safeReturnPath } from '@/components/ui/form-errors';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { PasswordFields } from './password-fields';
import { EmailCodeFields } from './email-code-fields';
import { SubmitButton } from '@/components/ui/submit-button';

export function SignUpForm({ redirect }: { redirect?: string }) {
  const t = useTranslations('auth');
  const locale = useAppLocale();
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZSignUp,
    defaultValues: { email: '', code: '', name: '', password: '', confirmPassword: '' },
    call: { path: '/base/account/register' },
    onSuccess: (result: { registered: boolean }) => {
      const back = safeReturnPath(redirect);
      window.location.assign(localePath(locale, back ?? (result.registered ? '/profile/userInfo' : '/conferenceRegister')));
    },
  });

  return (
    <form onSubmit={submit} noValidate data-testid="sign-up-form">
      <Stack gap="md">
        <EmailCodeFields form={form} purpose="registerCode" />
        <TextInput label={t('name')} autoComplete="name" required error={fieldError('name')} {...form.register('name')} />
        <PasswordFields form={form} label={t('password')} />
        <SubmitButton error={formError} loading={form.formState.isSubmitting} fullWidth>
          {t('signUpButton')}
        </SubmitButton>
        <Text size="sm">
          {t('haveAccount')}{' '}
          <Anchor component={Link} href="/conferencelogin">
            {t('loginLink')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
