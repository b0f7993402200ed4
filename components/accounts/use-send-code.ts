'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import type { UseFormReturn } from 'react-hook-form';
import type { CodePurpose } from '@/lib/accounts/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';
import type { CodeFormValues } from './password-fields';

/** Sends the emailed code for the form's email field; true when a mail went out. */
export function useSendCode(form: UseFormReturn<CodeFormValues>, purpose: CodePurpose) {
  const t = useTranslations('auth');
  const api = useApi();
  return async () => {
    if (!(await form.trigger('email'))) return false;
    const email = form.getValues('email').trim();
    try {
      const result = await api<{ expiresInSeconds: number }>('/conference/conferenceRegUserConfig/sendEmailCode', {
        body: { data: { email, type: purpose } },
      });
      notifications.show({ color: 'green', message: t('codeSent', { email, minutes: Math.round(result.expiresInSeconds / 60) }) });
      return true;
    } catch (error) {
      showApiError(error, form.setError, { 'data.email': 'email' });
      return false;
    }
  };
}
