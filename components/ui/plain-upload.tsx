'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type ReactNode } from 'react';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { ApiError } from './api-client';
import { describedByOf, PlainField } from './plain-form';
import u from './plain-upload.module.css';
import { useUpload } from './use-api';

/**
 * The upload field of the light screens' forms (the plain form kit, components/ui/plain-form.tsx), as `UploadField`
 * with a `url`: a labelled button opening the file chooser; the chosen file is checked for type and size, sent at once
 * through the one upload intake's client (`useUpload`, with its progress), and the server's answer (type by content,
 * size, daily limit) comes back under the field in the user's language. The error's id is `<id>-error` and the button
 * names it in aria-describedby, as Mantine's inputs do. No Mantine.
 */
export function PlainUpload<T>({
  url,
  fields,
  onUploaded,
  label,
  description,
  required,
  error,
  types,
  maxBytes,
  buttonLabel,
  canAdd = true,
  testId,
  wrapperTestId,
  dataField,
  children,
}: {
  /** The upload endpoint under /api (multipart: `file`, and `fields`). */
  url: string;
  fields?: Record<string, string>;
  onUploaded: (result: T, file: File) => void;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  /** The form's own error for this field (e.g. a required file missing). */
  error?: ReactNode;
  /** Accepted extensions, checked before sending; the server checks them again, by content. */
  types: readonly string[];
  maxBytes: number;
  buttonLabel?: ReactNode;
  /** False hides the button (a read-only form, or as many files as allowed). */
  canAdd?: boolean;
  testId?: string;
  wrapperTestId?: string;
  dataField?: string;
  /** What the field holds now: names, links, remove buttons. */
  children?: ReactNode;
}) {
  const t = useTranslations('upload');
  const upload = useUpload();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const busy = progress !== null;

  const check = (file: File) => {
    const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
    const accepted = types.map((type) => type.toLowerCase().replace(/^\./, ''));
    if (accepted.length > 0 && !accepted.includes(extension)) return t('wrongType', { types: types.join(', ') });
    if (file.size > maxBytes) return t('tooLarge', { mb: Math.floor(maxBytes / 1024 / 1024) });
    return undefined;
  };

  const send = async (file: File | undefined) => {
    if (!file) return;
    const refused = check(file);
    setFailure(refused);
    if (refused) return;
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
  const describedBy = describedByOf(id, description, shownError);
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <PlainField
      id={id}
      label={label}
      description={description}
      error={shownError}
      required={required}
      errorRole="alert"
      wrapper={{ 'data-testid': wrapperTestId, 'data-field': dataField }}
    >
      <div className={u.body}>
        {children}
        {canAdd && (
          <>
            <input
              ref={picker}
              type="file"
              hidden
              tabIndex={-1}
              accept={types.map((e) => `.${e.replace(/^\./, '')}`).join(',')}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                void send(file);
              }}
            />
            <button
              type="button"
              id={id}
              {...buttonLook({ variant: 'light', size: 'xs' })}
              disabled={busy}
              data-loading={busy || undefined}
              aria-busy={busy || undefined}
              aria-describedby={describedBy}
              onClick={() => picker.current?.click()}
              data-testid={testId}
            >
              {busy && <span className={ui.spinner} aria-hidden />}
              {buttonLabel ?? t('choose')}
            </button>
          </>
        )}
        {busy && (
          <div className={u.progress}>
            <progress className={u.bar} value={percent} max={100} aria-label={t('progress')} />
            <span className={`${ui.text} ${ui.xs} ${ui.dimmed}`} aria-live="polite">
              {t('uploading', { percent })}
            </span>
          </div>
        )}
      </div>
    </PlainField>
  );
}
