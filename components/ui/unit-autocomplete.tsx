'use client';

import { TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useUnitNames } from './unit-names';
import { useAppLocale } from './use-api';

/**
 * The organisation (unit) field of the forms: suggestions from the unit list (spec §7
 * /home/company/findByQuery) in the page's language, and any other name typed freely. The
 * suggestions are the browser's own (a `<datalist>`, matched as one types), not a drop-down of
 * script with its floating layer.
 */
export function UnitAutocomplete({
  label,
  value,
  onChange,
  onBlur,
  name,
  required,
  error,
  readOnly,
  testId,
  'data-field': dataField,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  error?: string;
  readOnly?: boolean;
  testId?: string;
  'data-field'?: string;
}) {
  const t = useTranslations('units');
  const locale = useAppLocale();
  const names = useUnitNames(locale);
  const listId = useId();

  return (
    <>
      <TextInput
        label={label}
        name={name}
        required={required}
        error={error}
        readOnly={readOnly}
        list={readOnly ? undefined : listId}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        placeholder={t('placeholder')}
        description={t('noMatch')}
        maxLength={200}
        data-testid={testId}
        data-field={dataField}
      />
      <datalist id={listId}>
        {names.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
    </>
  );
}
