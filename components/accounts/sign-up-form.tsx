'use client';

import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ZSignUp } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { useApiForm } from '@/components/ui/use-api-form';
import { PasswordFields } from './password-fields';
import { EmailCodeFields } from './email-code-fields';
import { SubmitButton } from '@/components/ui/submit-button';

export function SignUpForm({ redirect }: { redirect?: string }) {
  const t = useTranslations('auth');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZSignUp,
    defaultValues: { email: '', code: '', name: '', password: '', confirmPassword: '' },
    call: { path: '/base/account/register', body: (values) => ({ ...values, redirect }) },
    // The server decides where the account lands (lib/accounts/landing.ts), `redirect` first.
    // On a conference site by way of the central site, which is signed in too (`share`, lib/auth/sso.ts).
    onSuccess: (result: { next: string; share: string | null }) => window.location.assign(result.share ?? result.next),
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
