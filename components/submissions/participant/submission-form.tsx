'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { ui } from '@/components/layout/page-parts';
import { PlainGrid, PlainInput, PlainSelect, PlainSubmit, PlainTextarea } from '@/components/ui/plain-form';
import { useAppLocale } from '@/components/ui/use-api';
import { useApiForm } from '@/components/ui/use-api-form';
import { WordsInput } from '@/components/ui/words-input';
import { localized, type LocalizedText } from '@/lib/i18n/localized';
import { useRouter } from '@/lib/i18n/navigation';
import { SUBMISSION_FIELDS } from '@/lib/submissions/limits';
import type { CallRules, SubmissionInput } from '@/lib/submissions/schemas';
import { AuthorRows } from './author-rows';
import { SubmissionFileField, type KnownFile } from './submission-file-field';

export type FormCall = {
  rules: CallRules;
  sessions: { id: number; path: LocalizedText[] }[];
  reportTypes: { value: string; label: LocalizedText }[];
  categories: { value: string; label: LocalizedText }[];
  abstractFileTypes: string[];
  abstractFileMaxMb: number;
  fullTextTypes: string[];
  fullTextMaxMb: number;
};

/**
 * The submission form (new, edit in place, or resubmit after "need to modify"): checked in the
 * browser with the same schema the server uses for this call (loaded with the first check); the
 * server's refusals land on the fields or in a notification. The choices are native selects (the
 * phone's own picker); everything is the plain form kit (the page is a light screen, no Mantine).
 */
export function SubmissionForm({
  mode,
  id,
  call,
  initial,
  files,
}: {
  mode: 'new' | 'edit' | 'resubmit';
  id?: number;
  call: FormCall;
  initial: SubmissionInput;
  files: Record<number, KnownFile>;
}) {
  const t = useTranslations('submission.form');
  const locale = useAppLocale();
  const router = useRouter();
  const [known, setKnown] = useState<Record<number, KnownFile>>(files);
  const loadSchema = useCallback(() => import('@/lib/submissions/schemas').then((m) => m.submissionSchemaFor(call.rules)), [call.rules]);
  const { form, submit, fieldError, formError } = useApiForm({
    schema: loadSchema,
    defaultValues: initial,
    call: async (values, api): Promise<{ message: string; next?: string }> => {
      if (mode === 'new') {
        const created = await api<{ id: number; code: string }>('/conference/submission', { body: values });
        return { message: t('submitted', { code: created.code }), next: `/profile/submission/details?id=${created.id}` };
      }
      if (mode === 'edit') {
        await api(`/conference/submission/${id}`, { method: 'PUT', body: values });
        return { message: t('saved') };
      }
      const done = await api<{ version: number }>(`/conference/submission/${id}/resubmit`, { body: values });
      return { message: t('resubmitted', { version: done.version }) };
    },
    success: ({ message }) => message,
    onSuccess: ({ next }) => {
      if (next) router.replace(next);
    },
    refresh: true,
  });
  const errors = form.formState.errors;
  const abstract = useWatch({ control: form.control, name: 'abstract' }) ?? '';
  // The list's own message, else the first keyword's (too long, empty).
  const rawKeywords = errors.keywords as unknown;
  const keywordsError = Array.isArray(rawKeywords)
    ? fieldError(rawKeywords.find(Boolean) as { message?: string } | undefined)
    : fieldError(rawKeywords as { message?: string } | undefined);

  const choice = (name: 'reportType' | 'category', options: FormCall['reportTypes']) =>
    options.length > 0 && (
      <PlainSelect
        label={t(name)}
        required
        options={[
          { value: '', label: t('choose'), disabled: true },
          ...options.map((o) => ({ value: o.value, label: localized(o.label, locale) })),
        ]}
        error={fieldError(name)}
        data-testid={`submission-${name}`}
        {...form.register(name)}
      />
    );

  const fileField = (name: 'abstractFileId' | 'fullTextFileId') => {
    const abstractFile = name === 'abstractFileId';
    return (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => {
          const value = typeof field.value === 'number' ? field.value : null;
          return (
            <SubmissionFileField
              field={abstractFile ? SUBMISSION_FIELDS.abstract : SUBMISSION_FIELDS.fullText}
              label={abstractFile ? t('abstractFile') : t('fullText')}
              required={abstractFile ? call.rules.abstractFileRequired : call.rules.fullTextRequired}
              types={abstractFile ? call.abstractFileTypes : call.fullTextTypes}
              maxMb={abstractFile ? call.abstractFileMaxMb : call.fullTextMaxMb}
              value={value}
              known={value ? (known[value] ?? null) : null}
              error={fieldError(name)}
              onChange={(file) => {
                if (file) setKnown((k) => ({ ...k, [file.id]: file }));
                field.onChange(file ? file.id : null);
              }}
            />
          );
        }}
      />
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="submission-form">
      <div className={ui.stack}>
        <PlainInput
          label={t('paperTitle')}
          required
          maxLength={300}
          {...form.register('title')}
          error={fieldError('title')}
          data-testid="submission-title"
        />
        <Controller
          control={form.control}
          name="sessionId"
          render={({ field }) => (
            <PlainSelect
              label={t('session')}
              required
              options={[
                { value: '', label: t('sessionPlaceholder'), disabled: true },
                ...call.sessions.map((s) => ({ value: String(s.id), label: s.path.map((p) => localized(p, locale)).join(' / ') })),
              ]}
              name={field.name}
              ref={field.ref}
              value={field.value ? String(field.value) : ''}
              onChange={(event) => field.onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
              onBlur={field.onBlur}
              error={fieldError('sessionId')}
              data-testid="submission-session"
            />
          )}
        />
        {(call.reportTypes.length > 0 || call.categories.length > 0) && (
          <PlainGrid>
            {choice('reportType', call.reportTypes)}
            {choice('category', call.categories)}
          </PlainGrid>
        )}
        <Controller
          control={form.control}
          name="keywords"
          render={({ field }) => (
            <WordsInput
              label={t('keywords')}
              required
              description={t('keywordsHint', { min: Math.max(1, call.rules.keywordsMin), max: call.rules.keywordsMax })}
              value={field.value ?? []}
              onChange={field.onChange}
              maxWords={call.rules.keywordsMax}
              splitChars={[',', '，', ';', '；']}
              error={keywordsError}
              data-testid="submission-keywords"
            />
          )}
        />
        <PlainTextarea
          label={t('abstract')}
          required
          rows={6}
          maxLength={call.rules.abstractMaxChars}
          description={t('abstractCount', { count: abstract.length, max: call.rules.abstractMaxChars })}
          {...form.register('abstract')}
          error={fieldError('abstract')}
          data-testid="submission-abstract"
        />
        {fileField('abstractFileId')}
        {fileField('fullTextFileId')}
        <AuthorRows control={form.control} register={form.register} errors={errors} />
        <div className={ui.group} style={{ justifyContent: 'flex-end' }}>
          <PlainSubmit error={formError} loading={form.formState.isSubmitting} data-testid="submission-submit">
            {mode === 'new' ? t('submit') : mode === 'edit' ? t('save') : t('resubmit')}
          </PlainSubmit>
        </div>
      </div>
    </form>
  );
}
