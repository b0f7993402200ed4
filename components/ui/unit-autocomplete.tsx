'use client';

import { TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import type { UnitEntry, UnitPage } from '@/lib/units/units';
import { useAppLocale } from './use-api';

/** The unit list, fetched once per page load and shared by every unit field. */
let units: Promise<UnitEntry[]> | null = null;

function loadUnits(): Promise<UnitEntry[]> {
  units ??= fetch('/api/home/company/findByQuery', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, size: 99999 }),
    credentials: 'same-origin',
  })
    .then((res) => res.json() as Promise<{ code: number; data: UnitPage }>)
    .then((answer) => (answer.code === 200 ? answer.data.records : []))
    .catch(() => {
      units = null;
      return [];
    });
  return units;
}

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
  const [names, setNames] = useState<string[]>([]);
  const listId = useId();

  useEffect(() => {
    let alive = true;
    void loadUnits().then((list) => {
      if (alive) setNames([...new Set(list.map((u) => (locale === 'en' ? u.enTitle : u.zhTitle)))]);
    });
    return () => {
      alive = false;
    };
  }, [locale]);

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
