'use client';

import { Anchor, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { fileRules } from '@/lib/registration/fields';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useDownload } from '@/components/ui/use-api';

function acceptFor(field: string): string {
  return (fileRules(field).extensions ?? UPLOAD_EXTENSIONS).map((e) => `.${e}`).join(',');
}

/**
 * A file item: each chosen file is uploaded at once to the temporary area, and the item's value is
 * the list of stored names; the form moves them on submit. Uploaded files can be opened again.
 */
export function FileField({
  field,
  label,
  required,
  error,
  value,
  onChange,
  knownNames = {},
  readOnly,
}: {
  field: string;
  label: string;
  required: boolean;
  error?: string;
  value: string[];
  onChange: (names: string[]) => void;
  knownNames?: Record<string, string>;
  readOnly?: boolean;
}) {
  const t = useTranslations('registerForm');
  const te = useTranslations('errors');
  const api = useApi();
  const download = useDownload();
  const [names, setNames] = useState<Record<string, string>>(knownNames);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | undefined>();

  const upload = async (file: File | null) => {
    if (!file) return;
    setLocalError(undefined);
    if (file.size > UPLOAD_MAX_BYTES) {
      setLocalError(te('uploadTooLarge'));
      return;
    }
    const body = new FormData();
    body.set('field', field);
    body.set('file', file);
    setBusy(true);
    try {
      const data = await api<string>('/conference/conferenceUser/temp/upload', { body });
      const name = data.slice(5);
      setNames((known) => ({ ...known, [name]: file.name }));
      onChange([...value, name]);
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
      description={fileRules(field).extensions ? t('photoHint') : t('uploadHint')}
      data-field={field}
    >
      <Stack gap={4} mt={4}>
        {value.map((name) => (
          <Group key={name} gap="xs" data-testid="uploaded-file">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() =>
                download('/conference/conferenceUser/download/files', [{ name, field }]).catch((e: unknown) => showApiError(e))
              }
            >
              {names[name] ?? name}
            </Anchor>
            {!readOnly && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => onChange(value.filter((n) => n !== name))}>
                {t('removeFile')}
              </Button>
            )}
          </Group>
        ))}
        {!readOnly && value.length < fileRules(field).max && (
          <FileButton onChange={upload} accept={acceptFor(field)}>
            {(props) => (
              <Button {...props} variant="light" size="xs" loading={busy} w="fit-content" data-testid={`upload-${field}`}>
                {busy ? t('uploading') : t('upload')}
              </Button>
            )}
          </FileButton>
        )}
        {busy && (
          <Text size="xs" c="dimmed">
            {t('uploading')}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
