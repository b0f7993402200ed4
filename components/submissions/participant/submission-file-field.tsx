'use client';

import { useTranslations } from 'next-intl';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { PlainUpload } from '@/components/ui/plain-upload';
import u from '@/components/ui/plain-upload.module.css';
import type { SubmissionFileField as Field } from '@/lib/submissions/limits';

export type KnownFile = { id: number; originalName: string };

/**
 * The abstract or full-text file: chosen, uploaded at once (the server checks type by content and
 * size), and kept as the uploaded file's id; the current file can be downloaded or removed. The plain
 * form kit's upload (the submission form is a light screen).
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
    <PlainUpload<KnownFile>
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
        <div className={u.file}>
          <a
            href={`/api/conference/submission/file?id=${value}`}
            className={`${ui.anchor} ${ui.sm}`}
            data-testid={`submission-file-link-${field}`}
          >
            {known?.id === value ? known.originalName : `#${value}`}
          </a>
          <button type="button" {...buttonLook({ variant: 'subtle', size: 'compact-sm', color: 'red' })} onClick={() => onChange(null)}>
            {t('removeFile')}
          </button>
        </div>
      )}
    </PlainUpload>
  );
}
