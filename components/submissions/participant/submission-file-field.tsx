'use client';

import { Anchor, Button, Group } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { UploadField } from '@/components/ui/upload-field';
import type { SubmissionFileField as Field } from '@/lib/submissions/limits';

export type KnownFile = { id: number; originalName: string };

/**
 * The abstract or full-text file: chosen, uploaded at once (the server checks type by content and
 * size), and kept as the uploaded file's id; the current file can be downloaded or removed.
 */
export function SubmissionFileField({
  field,
  label,
  required,
  types,
  maxMb,
  value,
  known,
  error,
  onChange,
}: {
  field: Field;
  label: string;
  required: boolean;
  types: string[];
  maxMb: number;
  value: number | null;
  known: KnownFile | null;
  error?: string;
  onChange: (file: KnownFile | null) => void;
}) {
  const t = useTranslations('submission.form');
  return (
    <UploadField<KnownFile>
      url="/conference/submission/upload"
      fields={{ field }}
      label={label}
      required={required}
      error={error}
      description={t('fileHint', { types: types.join(', '), mb: maxMb })}
      types={types}
      maxBytes={maxMb * 1024 * 1024}
      buttonLabel={value ? t('replaceFile') : t('upload')}
      testId={`submission-upload-${field}`}
      wrapperTestId={`submission-file-${field}`}
      onUploaded={(saved) => onChange({ id: saved.id, originalName: saved.originalName })}
    >
      {value && (
        <Group gap="xs" wrap="wrap">
          <Anchor href={`/api/conference/submission/file?id=${value}`} size="sm" data-testid={`submission-file-link-${field}`}>
            {known?.id === value ? known.originalName : `#${value}`}
          </Anchor>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('removeFile')}
          </Button>
        </Group>
      )}
    </UploadField>
  );
}
