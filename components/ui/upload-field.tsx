'use client';

import { Button, CloseButton, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { ApiError } from './api-client';
import { useUpload } from './use-api';

type FieldProps = {
  label?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** The form's own error for this field (e.g. a required file missing). */
  error?: ReactNode;
  /** Accepted extensions, checked before sending; the server checks them again, by content. */
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
  /** What the field holds now: names, links, remove buttons. */
  children?: ReactNode;
};

/** Uploads the file at once to `url` and hands over the server's answer. */
export type UploadFieldProps<T> = FieldProps & {
  /** The upload endpoint under /api (multipart: `file`, and `fields`). */
  url: string;
  /** More multipart fields sent with the file (e.g. the form item it is for). */
  fields?: Record<string, string>;
  /** Called with the server's answer once the file is received. */
  onUploaded: (result: T, file: File) => void;
};

/**
 * Only picks and checks the file, for a form that sends it with its data (through `useFormUpload`,
 * whose `progress` the field shows).
 */
export type PickFieldProps = FieldProps & {
  /** Called with a file that passed the checks, or null when it is removed. */
  onPicked: (file: File | null) => void;
  /** The file picked so far: shown by name with a button removing it (none: the form shows what it holds). */
  value?: File | null;
  /** The share sent of the form's upload (useFormUpload), null when none is running. */
  progress?: number | null;
};

/** apiUpload for a form that sends its file with its data: the call and its progress for the UploadField. */
export function useFormUpload() {
  const upload = useUpload();
  const [progress, setProgress] = useState<number | null>(null);
  const send = useCallback(
    async <T,>(path: string, body: FormData): Promise<T> => {
      setProgress(0);
      try {
        return await upload<T>(path, body, setProgress);
      } finally {
        setProgress(null);
      }
    },
    [upload],
  );
  return { progress, send };
}

/**
 * The one upload field of every form: a labelled button that opens the file chooser; the chosen
 * file is checked for type and size, sent with XMLHttpRequest to show its progress, and the server's
 * answer (its checks of type by content, size, daily limit) comes back in the user's language under
 * the field. With `onPicked` instead of `url` it only picks and checks the file, for a form sending it
 * with its data (useFormUpload); the form's progress shows in the field the same way.
 */
export function UploadField<T>(props: UploadFieldProps<T> | PickFieldProps) {
  const {
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
  } = props;
  const t = useTranslations('upload');
  const upload = useUpload();
  const id = useId();
  const [sending, setSending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const picking = 'onPicked' in props;
  const progress = picking ? (props.progress ?? null) : sending;
  const busy = progress !== null;

  const check = (file: File) => {
    const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    const accepted = types.map((type) => type.toLowerCase().replace(/^\./, ''));
    if (accepted.length > 0 && !accepted.includes(extension)) return t('wrongType', { types: types.join(', ') });
    if (file.size > maxBytes) return tooLargeMessage ?? t('tooLarge', { mb: Math.floor(maxBytes / 1024 / 1024) });
    return undefined;
  };

  const send = async (file: File | null) => {
    if (!file) return;
    const refused = check(file);
    setFailure(refused);
    if (refused) return;
    if (picking) {
      props.onPicked(file);
      return;
    }
    const { url, fields, onUploaded } = props;
    const body = new FormData();
    for (const [key, value] of Object.entries(fields ?? {})) body.set(key, value);
    body.set('file', file);
    setSending(0);
    try {
      onUploaded(await upload<T>(url, body, setSending), file);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : t('failed'));
    } finally {
      setSending(null);
    }
  };
  const picked = picking ? props.value : undefined;

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
        {props.children}
        {picked && (
          <Group gap={4} wrap="nowrap">
            <Text size="sm" data-testid={testId ? `${testId}-name` : undefined}>
              {picked.name}
            </Text>
            {!busy && !disabled && (
              <CloseButton
                size="sm"
                aria-label={t('remove', { name: picked.name })}
                onClick={() => {
                  setFailure(undefined);
                  if (picking) props.onPicked(null);
                }}
              />
            )}
          </Group>
        )}
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
