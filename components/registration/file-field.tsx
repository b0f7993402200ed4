'use client';

import { Anchor, Button, Group } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { fileRules } from '@/lib/registration/field-types';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { showApiError } from '@/components/ui/form-errors';
import { UploadField } from '@/components/ui/upload-field';
import { useDownload } from '@/components/ui/use-api';

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
  const download = useDownload();
  const [names, setNames] = useState<Record<string, string>>(knownNames);
  const rules = fileRules(field);

  return (
    <UploadField<string>
      url="/conference/conferenceUser/temp/upload"
      fields={{ field }}
      label={label}
      required={required}
      error={error}
      description={rules.extensions ? t('photoHint') : t('uploadHint')}
      types={rules.extensions ?? UPLOAD_EXTENSIONS}
      maxBytes={UPLOAD_MAX_BYTES}
      buttonLabel={t('upload')}
      canAdd={!readOnly && value.length < rules.max}
      testId={`upload-${field}`}
      dataField={field}
      onUploaded={(data, file) => {
        const name = data.slice(5);
        setNames((known) => ({ ...known, [name]: file.name }));
        onChange([...value, name]);
      }}
    >
      {value.map((name) => (
        <Group key={name} gap="xs" data-testid="uploaded-file">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => download('/conference/conferenceUser/download/files', [{ name, field }]).catch((e: unknown) => showApiError(e))}
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
    </UploadField>
  );
}
