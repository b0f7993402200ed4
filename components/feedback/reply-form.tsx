'use client';

import { Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';
import { ZFeedbackReply } from '@/lib/feedback/schemas';

/** An organiser's reply to one feedback; the sender gets it by mail in the language they wrote in. */
export function FeedbackReplyForm({ id, email, languageLabel }: { id: number; email: string; languageLabel: string }) {
  const t = useTranslations('feedback');
  const { form, submit, fieldError, formError } = useApiForm({
    schema: ZFeedbackReply,
    defaultValues: { id, content: '' },
    call: { path: '/conference/manage/feedback/reply' },
    success: t('replied'),
    onSuccess: () => {
      form.reset({ id, content: '' });
    },
    refresh: true,
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
          error={fieldError('content')}
          data-testid="feedback-reply-content"
          {...form.register('content')}
        />
        <Text size="xs" c="dimmed">
          {t('replyHint', { email, language: languageLabel })}
        </Text>
        <Group justify="flex-end">
          <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="feedback-reply-submit">
            {t('replySubmit')}
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
