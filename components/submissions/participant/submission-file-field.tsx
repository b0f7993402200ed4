'use client';

import { Anchor, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { showApiError } from '@/components/ui/form-errors';
import { useApi } from '@/components/ui/use-api';
import type { SubmissionFileField as Field } from '@/lib/submissions/schemas';

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
  const te = useTranslations('errors');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    if (!file) return;
    setLocalError(undefined);
    if (file.size > maxMb * 1024 * 1024) {
      setLocalError(te('uploadTooLarge'));
      return;
    }
    const body = new FormData();
    body.set('field', field);
    body.set('file', file);
    setBusy(true);
    try {
      const saved = await api<{ id: number; originalName: string }>('/conference/submission/upload', { body });
      onChange({ id: saved.id, originalName: saved.originalName });
    } catch (e) {
      showApiError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={localError ?? error}
      description={t('fileHint', { types: types.join(', '), mb: maxMb })}
      data-testid={`submission-file-${field}`}
    >
      <Group gap="xs" mt={4} wrap="wrap">
        {value && (
          <Anchor href={`/api/conference/submission/file?id=${value}`} size="sm" data-testid={`submission-file-link-${field}`}>
            {known?.id === value ? known.originalName : `#${value}`}
          </Anchor>
        )}
        <FileButton onChange={upload} accept={types.map((e) => `.${e}`).join(',')}>
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={busy} data-testid={`submission-upload-${field}`}>
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
