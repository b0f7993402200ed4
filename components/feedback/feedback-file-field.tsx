'use client';

import { Button, Group, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { UploadField } from '@/components/ui/upload-field';

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
  return (
    <UploadField<UploadedFeedbackFile>
      url="/conference/feedback/upload"
      label={t('file')}
      description={t('fileHint', { types: types.join(', '), mb: maxMb })}
      types={types}
      maxBytes={maxMb * 1024 * 1024}
      buttonLabel={value ? t('replaceFile') : t('upload')}
      testId="feedback-upload"
      onUploaded={(saved) => onChange(saved)}
    >
      {value && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="feedback-file-name">
            {value.originalName}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('removeFile')}
          </Button>
        </Group>
      )}
    </UploadField>
  );
}
