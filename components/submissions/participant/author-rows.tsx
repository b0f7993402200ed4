'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { PlainCheckbox } from '@/components/ui/plain-choice';
import { PlainInput } from '@/components/ui/plain-form';
import { useFieldError } from '@/components/ui/use-api';
import { MAX_AUTHORS } from '@/lib/submissions/limits';
import type { SubmissionInput } from '@/lib/submissions/schemas';
import { EMPTY_AUTHOR } from './author-constants';
import a from './author-rows.module.css';

/** The authors, in order: add, remove, move up and down, and the corresponding flag. Plain elements (the plain form kit). */
export function AuthorRows({
  control,
  register,
  errors,
}: {
  control: Control<SubmissionInput>;
  register: UseFormRegister<SubmissionInput>;
  errors: FieldErrors<SubmissionInput>;
}) {
  const t = useTranslations('submission.form');
  const fieldError = useFieldError();
  const rows = useFieldArray({ control, name: 'authors' });
  const listError = fieldError(errors.authors?.root ?? (errors.authors as { message?: string } | undefined));
  return (
    <div className={ui.stack} data-gap="sm" data-testid="submission-authors">
      <h3 className={`${ui.text} ${ui.strong}`}>{t('authors')}</h3>
      {rows.fields.map((row, i) => {
        const e = errors.authors?.[i];
        const n = i + 1;
        return (
          <fieldset key={row.id} className={a.row} data-testid={`submission-author-${i}`}>
            <legend className={a.legend}>{t('authorN', { n })}</legend>
            <div className={a.grid}>
              <PlainInput
                label={t('surname')}
                required
                maxLength={100}
                {...register(`authors.${i}.surname`)}
                error={fieldError(e?.surname)}
              />
              <PlainInput label={t('name')} required maxLength={100} {...register(`authors.${i}.name`)} error={fieldError(e?.name)} />
              <PlainInput
                label={t('email')}
                required
                type="email"
                maxLength={254}
                {...register(`authors.${i}.email`)}
                error={fieldError(e?.email)}
              />
              <PlainInput label={t('phone')} type="tel" maxLength={30} {...register(`authors.${i}.phone`)} error={fieldError(e?.phone)} />
              <PlainInput label={t('country')} maxLength={100} {...register(`authors.${i}.country`)} error={fieldError(e?.country)} />
              <PlainInput label={t('company')} maxLength={200} {...register(`authors.${i}.company`)} error={fieldError(e?.company)} />
            </div>
            <div className={a.actions}>
              <PlainCheckbox
                label={t('corresponding')}
                {...register(`authors.${i}.corresponding`)}
                data-testid={`submission-author-corresponding-${i}`}
              />
              <div className={ui.group} data-gap="xs">
                <button
                  type="button"
                  {...buttonLook({ variant: 'default', size: 'compact-sm' })}
                  className={`${buttonLook().className} ${a.icon}`}
                  aria-label={t('moveUp', { n })}
                  disabled={i === 0}
                  onClick={() => rows.move(i, i - 1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  {...buttonLook({ variant: 'default', size: 'compact-sm' })}
                  className={`${buttonLook().className} ${a.icon}`}
                  aria-label={t('moveDown', { n })}
                  disabled={i === rows.fields.length - 1}
                  onClick={() => rows.move(i, i + 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  {...buttonLook({ variant: 'subtle', size: 'compact-sm', color: 'red' })}
                  disabled={rows.fields.length === 1}
                  onClick={() => rows.remove(i)}
                  aria-label={t('removeAuthor', { n })}
                >
                  ✕
                </button>
              </div>
            </div>
          </fieldset>
        );
      })}
      {listError && (
        <p className={a.listError} role="alert">
          {listError}
        </p>
      )}
      {rows.fields.length < MAX_AUTHORS && (
        <div>
          <button
            type="button"
            {...buttonLook({ variant: 'light' })}
            onClick={() => rows.append({ ...EMPTY_AUTHOR })}
            data-testid="submission-add-author"
          >
            {t('addAuthor')}
          </button>
        </div>
      )}
    </div>
  );
}
