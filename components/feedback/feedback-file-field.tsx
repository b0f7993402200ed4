'use client';

import { Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';

export type UploadedFeedbackFile = { id: number; originalName: string };

/**
 * The feedback's optional file: chosen, uploaded at once (the server checks type by content and
 * size) and kept as the upload's id until the feedback is sent.
 */
export function FeedbackFileField({
  types,
  maxMb,
  value,
  onChange,
}: {
  types: readonly string[];
  maxMb: number;
  value: UploadedFeedbackFile | null;
  onChange: (file: UploadedFeedbackFile | null) => void;
}) {
  const t = useTranslations('feedback');
  const te = useTranslations('errors');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    if (file.size > maxMb * 1024 * 1024) {
      setError(te('uploadTooLarge'));
      return;
    }
    const body = new FormData();
    body.set('file', file);
    setBusy(true);
    try {
      onChange(await api<UploadedFeedbackFile>('/conference/feedback/upload', { body }));
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label={t('file')} error={error} description={t('fileHint', { types: types.join(', '), mb: maxMb })}>
      <Group gap="xs" mt={4} wrap="wrap">
        {value && (
          <Text size="sm" data-testid="feedback-file-name">
            {value.originalName}
          </Text>
        )}
        <FileButton onChange={upload} accept={types.map((e) => `.${e}`).join(',')}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy} data-testid="feedback-upload">
              {value ? t('replaceFile') : t('upload')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('removeFile')}
          </Button>
        )}
        {busy && (
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('uploading')}
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}
