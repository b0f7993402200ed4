'use client';

import { Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { CodeField } from '@/components/ui/code-field';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { FEEDBACK_TYPES, ZFeedback, type FeedbackInput } from '@/lib/feedback/schemas';
import { FeedbackFileField, type UploadedFeedbackFile } from './feedback-file-field';

/**
 * The participant's feedback form (spec §2 /profile/feedback, §5): title, name, email with its
 * emailed code, phone, type, message and an optional file; the same zod schema as the server.
 */
export function FeedbackForm({
  initial,
  fileTypes,
  maxMb,
}: {
  initial: { name: string; email: string; phone: string };
  fileTypes: readonly string[];
  maxMb: number;
}) {
  const t = useTranslations('feedback');
  const ta = useTranslations('auth');
  const api = useApi();
  const [file, setFile] = useState<UploadedFeedbackFile | null>(null);
  const empty: FeedbackInput = {
    title: '',
    name: initial.name,
    email: initial.email,
    phone: initial.phone,
    type: '' as never,
    content: '',
    fileId: null,
    code: '',
  };
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZFeedback,
    defaultValues: empty,
    call: { path: '/conference/feedback', body: (values) => ({ ...values, fileId: file?.id ?? null }) },
    success: t('sent'),
    onSuccess: () => {
      form.reset(empty);
      setFile(null);
    },
    refresh: true,
  });

  const sendCode = async () => {
    if (!(await form.trigger('email'))) return false;
    const email = form.getValues('email').trim();
    try {
      const result = await api<{ expiresInSeconds: number }>('/conference/feedback/sendCode', { body: { email } });
      notifications.show({ color: 'green', message: ta('codeSent', { email, minutes: Math.round(result.expiresInSeconds / 60) }) });
      return true;
    } catch (error) {
      showApiError(error, form.setError);
      return false;
    }
  };

  return (
    <form onSubmit={submit} noValidate data-testid="feedback-form">
      <Stack gap="sm">
        <TextInput
          label={t('title')}
          required
          maxLength={100}
          error={fieldError('title')}
          data-testid="feedback-title"
          {...form.register('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('name')}
            required
            autoComplete="name"
            error={fieldError('name')}
            data-testid="feedback-name"
            {...form.register('name')}
          />
          <TextInput
            label={t('phone')}
            required
            type="tel"
            autoComplete="tel"
            error={fieldError('phone')}
            data-testid="feedback-phone"
            {...form.register('phone')}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('type')}
          required
          data={[{ value: '', label: t('typePlaceholder') }, ...FEEDBACK_TYPES.map((value) => ({ value, label: t(`type_${value}`) }))]}
          error={fieldError('type')}
          data-testid="feedback-type"
          {...form.register('type')}
        />
        <Textarea
          label={t('content')}
          required
          autosize
          minRows={4}
          maxLength={5000}
          error={fieldError('content')}
          data-testid="feedback-content"
          {...form.register('content')}
        />
        <FeedbackFileField types={fileTypes} maxMb={maxMb} value={file} onChange={setFile} />
        <TextInput
          label={t('email')}
          required
          type="email"
          autoComplete="email"
          error={fieldError('email')}
          data-testid="feedback-email"
          {...form.register('email')}
        />
        <CodeField label={t('code')} error={fieldError('code')} data-testid="feedback-code" onSend={sendCode} {...form.register('code')} />
        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="feedback-submit">
            {t('submit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
