'use client';

import { Checkbox, Group, NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { localized, type Locale } from '@/lib/i18n/localized';
import { countryName, offeredCountries } from '@/lib/registration/countries';
import { MULTI_TYPES } from '@/lib/registration/field-types';
import type { Answers, AnswersInput, FormField } from '@/lib/registration/fields';
import { UnitAutocomplete } from '@/components/ui/unit-autocomplete';
import { useFieldError } from '@/components/ui/use-api';
import { CityField } from './city-field';
import { FileField } from './file-field';

/** Mantine's MultiSelect (a drop-down with its floating layer), loaded only by a form that has a multiple-choice item. */
const MultiSelect = dynamic(() => import('@/components/ui/multi-select').then((m) => m.MultiSelect));

/**
 * The organiser-designed part of the registration form, in `formLocale` (the preview shows both
 * languages side by side; the real form uses the page's language).
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
    <Stack gap="sm">
      {visible.map((field) => {
        const label = localized(field.label, formLocale);
        const error = fieldError(errors[field.key]);
        const common = { label, required: field.required, error, 'data-field': field.key };
        const options =
          field.key === 'country'
            ? offeredCountries(countryOptions).map((code) => ({ value: code, label: countryName(code, formLocale) }))
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
            return <Textarea key={field.key} autosize minRows={3} {...common} {...register(field.key)} />;
          case 'date':
            return <TextInput key={field.key} type="date" {...common} {...register(field.key)} />;
          case 'select':
            // A native select (the phone's own picker; typing a letter jumps to the first match): '' until one is chosen.
            // Country names come from the runtime's ICU, which names a few regions differently in Node and in
            // browsers (HK, MO, PS, FK): the server's words stay, without a hydration error.
            return (
              <NativeSelect key={field.key} {...common} {...register(field.key)}>
                <option value="">{t('choose')}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value} suppressHydrationWarning={field.key === 'country'}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            );
          case 'multiSelect':
            return (
              <Controller
                key={field.key}
                control={control}
                name={field.key}
                render={({ field: f }) => (
                  <MultiSelect
                    {...common}
                    data={options}
                    searchable
                    placeholder={t('choose')}
                    value={(f.value as string[]) ?? []}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                  />
                )}
              />
            );
          case 'radio':
            return (
              <Controller
                key={field.key}
                control={control}
                name={field.key}
                render={({ field: f }) => (
                  <Radio.Group {...common} value={(f.value as string) ?? ''} onChange={f.onChange}>
                    <Group mt={4}>
                      {options.map((o) => (
                        <Radio key={o.value} value={o.value} label={o.label} />
                      ))}
                    </Group>
                  </Radio.Group>
                )}
              />
            );
          case 'checkBox':
            return (
              <Controller
                key={field.key}
                control={control}
                name={field.key}
                render={({ field: f }) => (
                  <Checkbox.Group {...common} value={(f.value as string[]) ?? []} onChange={f.onChange}>
                    <Group mt={4}>
                      {options.map((o) => (
                        <Checkbox key={o.value} value={o.value} label={o.label} />
                      ))}
                    </Group>
                  </Checkbox.Group>
                )}
              />
            );
          default:
            if (field.key === 'unit')
              return (
                <Controller
                  key={field.key}
                  control={control}
                  name={field.key}
                  render={({ field: f }) => (
                    <UnitAutocomplete
                      {...common}
                      name={f.name}
                      readOnly={readOnly.includes(field.key)}
                      value={(f.value as string) ?? ''}
                      onChange={f.onChange}
                      onBlur={f.onBlur}
                    />
                  )}
                />
              );
            return (
              <TextInput
                key={field.key}
                readOnly={readOnly.includes(field.key)}
                type={field.key === 'email' ? 'email' : 'text'}
                {...common}
                {...register(field.key)}
              />
            );
        }
      })}
    </Stack>
  );
}

/** Empty answers for a form: '' for single values, [] for lists. */
export function emptyAnswers(fields: FormField[], prefill: Answers = {}): Answers {
  return Object.fromEntries(
    fields.filter((f) => f.enabled).map((f) => [f.key, prefill[f.key] ?? (MULTI_TYPES.includes(f.type) ? [] : '')]),
  );
}
