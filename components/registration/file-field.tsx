'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { showApiError } from '@/components/ui/form-errors';
import { PlainUpload } from '@/components/ui/plain-upload';
import u from '@/components/ui/plain-upload.module.css';
import { useDownload } from '@/components/ui/use-api';
import { fileRules } from '@/lib/registration/field-types';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';

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
    <PlainUpload<string>
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
        <div key={name} className={u.file} data-testid="uploaded-file">
          <button
            type="button"
            className={`${ui.anchor} ${u.linkButton}`}
            onClick={() => download('/conference/conferenceUser/download/files', [{ name, field }]).catch((e: unknown) => showApiError(e))}
          >
            {names[name] ?? name}
          </button>
          {!readOnly && (
            <button
              type="button"
              {...buttonLook({ variant: 'subtle', size: 'compact-sm', color: 'red' })}
              onClick={() => onChange(value.filter((n) => n !== name))}
            >
              {t('removeFile')}
            </button>
          )}
        </div>
      ))}
    </PlainUpload>
  );
}
