'use client';

import { PasswordInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import { useApi, useFieldError } from '@/components/ui/use-api';

/** The values of the two emailed-code forms (sign-up and reset). */
export type CodeFormValues = { email: string; code: string; name: string; password: string; confirmPassword: string };

/** New password and its confirmation; the strength is checked by the server when the field is left. */
export function PasswordFields({ form, label }: { form: UseFormReturn<CodeFormValues, unknown, CodeFormValues>; label: string }) {
  const t = useTranslations('auth');
  const api = useApi();
  const fieldError = useFieldError();
  const checkStrength = async () => {
    const password = form.getValues('password');
    if (!password) return;
    try {
      const result = await api<{ result: number; message: string }>('/conference/conferenceRegUserConfig/checkPassword', {
        body: { password, email: form.getValues('email') || undefined, name: form.getValues('name') || undefined },
      });
      if (result.result !== 1) form.setError('password', { type: 'server', message: result.message });
      else if (form.formState.errors.password?.type === 'server') form.clearErrors('password');
    } catch {
      /* the submit checks again */
    }
  };
  const passwordField = form.register('password');
  return (
    <>
      <PasswordInput
        label={label}
        description={t('passwordRule')}
        autoComplete="new-password"
        required
        error={fieldError(form.formState.errors.password)}
        {...passwordField}
        onBlur={(event) => {
          void passwordField.onBlur(event);
          void checkStrength();
        }}
      />
      <PasswordInput
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
        error={fieldError(form.formState.errors.confirmPassword)}
        {...form.register('confirmPassword')}
      />
    </>
  );
}
