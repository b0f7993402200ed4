'use client';

import { useTranslations } from 'next-intl';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PlainCheckboxGroup, PlainRadioGroup } from '@/components/ui/plain-choice';
import { PlainInput, PlainSelect, PlainTextarea } from '@/components/ui/plain-form';
import { PlainUnitInput } from '@/components/ui/plain-unit-input';
import { useFieldError } from '@/components/ui/use-api';
import { localized, type Locale } from '@/lib/i18n/localized';
import { offeredCountryChoices } from '@/lib/registration/countries';
import { MULTI_TYPES } from '@/lib/registration/field-types';
import type { Answers, AnswersInput, FormField } from '@/lib/registration/fields';
import { CityField } from './city-field';
import { FileField } from './file-field';
import f from './dynamic-fields.module.css';

/**
 * The organiser-designed part of the registration form, in `formLocale` (the preview shows both languages side by
 * side; the real form uses the page's language). Built of the plain form kit (components/ui/plain-form.tsx,
 * plain-choice.tsx, plain-upload.tsx), so the registration form's light screen ships no Mantine for it: selects are
 * native (the phone's own picker), radio and checkbox items native controls, and a multiple-choice item its options as
 * checkboxes (no drop-down layer).
 */
export function DynamicFields({
  fields,
  countryOptions,
  formLocale,
  control,
  register,
  errors,
  readOnly = [],
  fileNames,
}: {
  fields: FormField[];
  countryOptions: string[];
  formLocale: Locale;
  control: Control<AnswersInput, unknown, Answers>;
  register: UseFormRegister<AnswersInput>;
  errors: FieldErrors<AnswersInput>;
  readOnly?: string[];
  /** Original names of files already uploaded (stored name → name), for an existing registration. */
  fileNames?: Record<string, string>;
}) {
  const t = useTranslations('registerForm');
  const fieldError = useFieldError();
  const visible = fields.filter((f) => f.enabled).sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <div className={f.stack}>
      {visible.map((field) => {
        const label = localized(field.label, formLocale);
        const error = fieldError(errors[field.key]);
        const common = { label, required: field.required, error, 'data-field': field.key };
        const options =
          field.key === 'country'
            ? offeredCountryChoices(countryOptions, formLocale)
            : field.options.map((o) => ({ value: o.value, label: localized(o.label, formLocale) }));
        switch (field.type) {
          case 'file':
            return (
              <Controller
                key={field.key}
                control={control}
                name={field.key}
                render={({ field: f }) => (
                  <FileField
                    field={field.key}
                    label={label}
                    required={field.required}
                    error={error}
                    value={(f.value as string[]) ?? []}
                    onChange={f.onChange}
                    knownNames={fileNames}
                    readOnly={readOnly.includes(field.key)}
                  />
                )}
              />
            );
          case 'city':
            return (
              <Controller
                key={field.key}
                control={control}
                name={field.key}
                render={({ field: f }) => (
                  <CityField
                    field={field.key}
                    label={label}
                    required={field.required}
                    error={error}
                    value={(f.value as string) ?? ''}
                    onChange={f.onChange}
                    formLocale={formLocale}
                  />
                )}
              />
            );
          case 'textarea':
            return <PlainTextarea key={field.key} rows={3} {...common} {...register(field.key)} />;
          case 'date':
            return <PlainInput key={field.key} type="date" {...common} {...register(field.key)} />;
          case 'select':
            // '' until one is chosen; typing a letter jumps to the first match.
            return (
              <PlainSelect
                key={field.key}
                {...common}
                {...register(field.key)}
                options={[{ value: '', label: t('choose') }, ...options]}
                namesMayDiffer={field.key === 'country'}
              />
            );
          case 'radio':
          case 'checkBox':
          case 'multiSelect':
            return (
              <Controller
                key={field.key}
                control={control}
                name={field.key}
                render={({ field: f }) =>
                  field.type === 'radio' ? (
                    <PlainRadioGroup
                      {...common}
                      name={f.name}
                      options={options}
                      value={(f.value as string) ?? ''}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                    />
                  ) : (
                    <PlainCheckboxGroup
                      {...common}
                      name={f.name}
                      options={options}
                      value={(f.value as string[]) ?? []}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                    />
                  )
                }
              />
            );
          default:
            if (field.key === 'unit')
              return <PlainUnitInput key={field.key} readOnly={readOnly.includes(field.key)} {...common} {...register(field.key)} />;
            return (
              <PlainInput
                key={field.key}
                readOnly={readOnly.includes(field.key)}
                type={field.key === 'email' ? 'email' : 'text'}
                {...common}
                {...register(field.key)}
              />
            );
        }
      })}
    </div>
  );
}

/** Empty answers for a form: '' for single values, [] for lists. */
export function emptyAnswers(fields: FormField[], prefill: Answers = {}): Answers {
  return Object.fromEntries(
    fields.filter((f) => f.enabled).map((f) => [f.key, prefill[f.key] ?? (MULTI_TYPES.includes(f.type) ? [] : '')]),
  );
}
