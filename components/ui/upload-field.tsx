'use client';

import { Button, FileButton, Input, Progress, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from './api-client';
import { useUpload } from './use-api';

export type UploadFieldProps<T> = {
  /** The upload endpoint under /api (multipart: `file`, and `fields`). */
  url: string;
  /** More multipart fields sent with the file (e.g. the form item it is for). */
  fields?: Record<string, string>;
  label?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** The form's own error for this field (e.g. a required file missing). */
  error?: ReactNode;
  /** Accepted extensions; the server checks them again, by content. */
  types: readonly string[];
  /** The largest size, checked before sending (the server checks it again). */
  maxBytes: number;
  /** The words for a file above maxBytes (a generic "cannot be larger than N MB" unless told). */
  tooLargeMessage?: string;
  /** The button's words (the generic "Choose a file" unless told). */
  buttonLabel?: ReactNode;
  disabled?: boolean;
  /** False hides the button (a read-only form, or as many files as allowed). */
  canAdd?: boolean;
  /** Kept for browser tests: the button's data-testid. */
  testId?: string;
  /** The wrapper's data-testid and data-field (forms scroll to a field by it). */
  wrapperTestId?: string;
  dataField?: string;
  /** Called with the server's answer once the file is received. */
  onUploaded: (result: T, file: File) => void;
  /** What the field holds now: names, links, remove buttons. */
  children?: ReactNode;
};

/**
 * The one upload field of every form: a labelled button that opens the file chooser; the chosen
 * file is checked for size, sent with XMLHttpRequest to show its progress, and the server's answer
 * (its checks of type by content, size, daily limit) comes back in the user's language under the field.
 */
export function UploadField<T>({
  url,
  fields,
  label,
  description,
  required,
  error,
  types,
  maxBytes,
  tooLargeMessage,
  buttonLabel,
  disabled,
  canAdd = true,
  testId,
  wrapperTestId,
  dataField,
  onUploaded,
  children,
}: UploadFieldProps<T>) {
  const t = useTranslations('upload');
  const upload = useUpload();
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const busy = progress !== null;

  const send = async (file: File | null) => {
    if (!file) return;
    setFailure(undefined);
    if (file.size > maxBytes) {
      setFailure(tooLargeMessage ?? t('tooLarge', { mb: Math.floor(maxBytes / 1024 / 1024) }));
      return;
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(fields ?? {})) body.set(key, value);
    body.set('file', file);
    setProgress(0);
    try {
      onUploaded(await upload<T>(url, body, setProgress), file);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : t('failed'));
    } finally {
      setProgress(null);
    }
  };

  const shownError = failure ?? error;
  const describedBy = [description ? `${id}-description` : '', shownError ? `${id}-error` : ''].filter(Boolean).join(' ');
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      required={required}
      error={shownError}
      errorProps={{ role: 'alert' }}
      data-testid={wrapperTestId}
      data-field={dataField}
    >
      <Stack gap={4} mt={4}>
        {children}
        {canAdd && (
          <FileButton onChange={send} accept={types.map((e) => `.${e}`).join(',')} disabled={disabled || busy}>
            {(props) => (
              <Button
                {...props}
                id={id}
                variant="light"
                size="xs"
                w="fit-content"
                loading={busy}
                disabled={disabled}
                aria-describedby={describedBy || undefined}
                data-testid={testId}
              >
                {buttonLabel ?? t('choose')}
              </Button>
            )}
          </FileButton>
        )}
        {busy && (
          <Stack gap={2} maw={320}>
            <Progress.Root size="sm">
              <Progress.Section value={percent} aria-label={t('progress')} />
            </Progress.Root>
            <Text size="xs" c="dimmed" aria-live="polite">
              {t('uploading', { percent })}
            </Text>
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
