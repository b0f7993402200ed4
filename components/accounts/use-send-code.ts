'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { CodePurpose } from '@/lib/accounts/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';

/** Sends the emailed code for the form's email field (any form with one); true when a mail went out. */
export function useSendCode<T extends { email: string }, TOutput extends FieldValues = T>(
  form: UseFormReturn<T, unknown, TOutput>,
  purpose: CodePurpose,
) {
  const t = useTranslations('auth');
  const api = useApi();
  const emailField = 'email' as Path<T>;
  return async () => {
    if (!(await form.trigger(emailField))) return false;
    const email = String(form.getValues(emailField)).trim();
    try {
      const result = await api<{ expiresInSeconds: number }>('/conference/conferenceRegUserConfig/sendEmailCode', {
        body: { data: { email, type: purpose } },
      });
      notifications.show({ color: 'green', message: t('codeSent', { email, minutes: Math.round(result.expiresInSeconds / 60) }) });
      return true;
    } catch (error) {
      showApiError(error, form.setError, { 'data.email': emailField });
      return false;
    }
  };
}
