'use client';

import { TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import type { CodePurpose } from '@/lib/accounts/schemas';
import { CodeField } from '@/components/ui/code-field';
import { useFieldError } from '@/components/ui/use-api';
import type { CodeFormValues } from './password-fields';
import { useSendCode } from './use-send-code';

/** Email, then the emailed code with its send button (sign-up and password reset). */
export function EmailCodeFields({ form, purpose }: { form: UseFormReturn<CodeFormValues, unknown, CodeFormValues>; purpose: CodePurpose }) {
  const t = useTranslations('auth');
  const fieldError = useFieldError();
  const sendCode = useSendCode(form, purpose);
  return (
    <>
      <TextInput
        label={t('email')}
        placeholder={t('emailPlaceholder')}
        type="email"
        autoComplete="email"
        required
        error={fieldError(form.formState.errors.email)}
        {...form.register('email')}
      />
      <CodeField label={t('code')} error={fieldError(form.formState.errors.code)} onSend={sendCode} {...form.register('code')} />
    </>
  );
}
