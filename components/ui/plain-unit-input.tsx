'use client';

import { useTranslations } from 'next-intl';
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { PlainInput } from './plain-form';
import { useUnitNames } from './unit-names';
import { useAppLocale } from './use-api';

/**
 * The organisation (unit) field in the plain form kit (as `UnitAutocomplete`): suggestions from the unit list in the
 * page's language as the browser's own `<datalist>`, any other name typed freely; react-hook-form's `register` passes
 * straight through.
 */
export function PlainUnitInput({
  label,
  error,
  required,
  readOnly,
  ref,
  ...input
}: { label: string; error?: string; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'list'>) {
  const t = useTranslations('units');
  const names = useUnitNames(useAppLocale());
  const listId = useId();
  return (
    <>
      <PlainInput
        ref={ref}
        label={label}
        error={error}
        required={required}
        readOnly={readOnly}
        list={readOnly ? undefined : listId}
        autoComplete="off"
        placeholder={t('placeholder')}
        description={t('noMatch')}
        maxLength={200}
        {...input}
      />
      <datalist id={listId}>
        {names.map((unit) => (
          <option key={unit} value={unit} />
        ))}
      </datalist>
    </>
  );
}
