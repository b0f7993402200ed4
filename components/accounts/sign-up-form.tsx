'use client';

import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { ZSignUp } from '@/lib/accounts/schemas';
import { Link } from '@/lib/i18n/navigation';
import { localePath } from '@/components/ui/api-client';
import { safeReturnPath, showApiError } from '@/components/ui/form-errors';
import { useApi, useAppLocale, useFieldError } from '@/components/ui/use-api';
import { PasswordFields, type CodeFormValues } from './password-fields';
import { EmailCodeFields } from './email-code-fields';
import { SubmitButton } from '@/components/ui/submit-button';

export function SignUpForm({ redirect }: { redirect?: string }) {
  const t = useTranslations('auth');
  const api = useApi();
  const locale = useAppLocale();
  const fieldError = useFieldError();
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(ZSignUp),
    defaultValues: { email: '', code: '', name: '', password: '', confirmPassword: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await api<{ registered: boolean }>('/base/account/register', { body: values });
      const back = safeReturnPath(redirect);
      window.location.assign(localePath(locale, back ?? (result.registered ? '/profile/userInfo' : '/conferenceRegister')));
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="sign-up-form">
      <Stack gap="md">
        <EmailCodeFields form={form} purpose="registerCode" />
        <TextInput
          label={t('name')}
          autoComplete="name"
          required
          error={fieldError(form.formState.errors.name)}
          {...form.register('name')}
        />
        <PasswordFields form={form} label={t('password')} />
        <SubmitButton loading={form.formState.isSubmitting} fullWidth>
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
