'use client';

import { Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import { showApiError } from '@/components/ui/form-errors';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';
import { ZFeedbackReply, type FeedbackReplyInput } from '@/lib/feedback/schemas';
import { useRouter } from '@/lib/i18n/navigation';

/** An organiser's reply to one feedback; the sender gets it by mail in the language they wrote in. */
export function FeedbackReplyForm({ id, email, languageLabel }: { id: number; email: string; languageLabel: string }) {
  const t = useTranslations('feedback');
  const api = useApi();
  const router = useRouter();
  const fieldError = useFieldError();
  const form = useForm<FeedbackReplyInput>({ resolver: zodResolver(ZFeedbackReply), defaultValues: { id, content: '' } });

  const submit = form.handleSubmit(async (values) => {
    try {
      await api('/conference/manage/feedback/reply', { body: values });
      notifications.show({ color: 'green', message: t('replied') });
      form.reset({ id, content: '' });
      router.refresh();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="feedback-reply-form">
      <Stack gap="xs">
        <Textarea
          label={t('replyLabel')}
          required
          autosize
          minRows={3}
          maxLength={5000}
          error={fieldError(form.formState.errors.content)}
          data-testid="feedback-reply-content"
          {...form.register('content')}
        />
        <Text size="xs" c="dimmed">
          {t('replyHint', { email, language: languageLabel })}
        </Text>
        <Group justify="flex-end">
          <SubmitButton loading={form.formState.isSubmitting} data-testid="feedback-reply-submit">
            {t('replySubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
