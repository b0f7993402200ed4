'use client';

import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ZNoticeInput, type NoticeInput } from '@/lib/notices/schemas';
import { BilingualInput } from '@/components/ui/bilingual-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/components/ui/use-api-form';

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
  const { form, submit, formError } = useApiForm({
    schema: ZNoticeInput,
    values: initial,
    call: (values, api) =>
      noticeId
        ? api(`/conference/platform/manage/notice/${noticeId}`, { method: 'PUT', body: values })
        : api('/conference/platform/manage/notice', { body: values }),
    success: t('saved'),
    onSuccess: onSaved,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={noticeId ? t('editTitle') : t('addTitle')} size="xl">
      <form onSubmit={submit} noValidate data-testid="notice-form">
        <Stack gap="sm">
          <BilingualInput
            control={form.control}
            name="title"
            label={{ zh: t('titleZh'), en: t('titleEn') }}
            required
            testId="notice-title"
          />
          <BilingualInput
            control={form.control}
            name="content"
            label={{ zh: t('contentZh'), en: t('contentEn') }}
            rich
            testId="notice-content"
          />
          <Checkbox label={t('pinned')} description={t('pinnedHint')} data-testid="notice-pinned" {...form.register('pinned')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <SubmitButton error={formError} loading={form.formState.isSubmitting} data-testid="save-notice">
              {t('save')}
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
