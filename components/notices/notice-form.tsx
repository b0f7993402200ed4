'use client';

import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { Controller, useForm } from 'react-hook-form';
import { ZNoticeInput, type NoticeInput } from '@/lib/notices/schemas';
import { showApiError } from '@/components/ui/form-errors';
import { RichTextInput } from '@/components/ui/rich-text-editor';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApi, useFieldError } from '@/components/ui/use-api';

export const NEW_NOTICE: NoticeInput = { title: { zh: '', en: '' }, content: { zh: '', en: '' }, pinned: false };

/** The modal that writes or changes a notice: title and content in zh and en (both required) and the pinned flag. */
export function NoticeForm({
  opened,
  noticeId,
  initial,
  onClose,
  onSaved,
}: {
  opened: boolean;
  noticeId: number | null;
  initial: NoticeInput;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslations('notices');
  const tc = useTranslations('common');
  const api = useApi();
  const fieldError = useFieldError();
  const form = useForm<NoticeInput>({ resolver: zodResolver(ZNoticeInput) as never, values: initial });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (noticeId) await api(`/conference/platform/manage/notice/${noticeId}`, { method: 'PUT', body: values });
      else await api('/conference/platform/manage/notice', { body: values });
      notifications.show({ color: 'green', message: t('saved') });
      onSaved();
    } catch (error) {
      showApiError(error, form.setError);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={noticeId ? t('editTitle') : t('addTitle')} size="xl">
      <form onSubmit={submit} noValidate data-testid="notice-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('titleZh')}
              required
              error={fieldError(errors.title?.zh)}
              data-testid="notice-title-zh"
              {...form.register('title.zh')}
            />
            <TextInput
              label={t('titleEn')}
              required
              error={fieldError(errors.title?.en)}
              data-testid="notice-title-en"
              {...form.register('title.en')}
            />
          </SimpleGrid>
          {(['zh', 'en'] as const).map((lang) => (
            <Controller
              key={lang}
              control={form.control}
              name={`content.${lang}`}
              render={({ field }) => (
                <RichTextInput
                  label={t(lang === 'zh' ? 'contentZh' : 'contentEn')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={fieldError(errors.content?.[lang])}
                  testId={`notice-content-${lang}`}
                />
              )}
            />
          ))}
          <Checkbox label={t('pinned')} description={t('pinnedHint')} data-testid="notice-pinned" {...form.register('pinned')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <SubmitButton loading={form.formState.isSubmitting} data-testid="save-notice">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
