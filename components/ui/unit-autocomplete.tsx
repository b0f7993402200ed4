'use client';

import { Autocomplete, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
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

/** Suggestions only once something is typed (the dropdown stays closed on an empty field), matching anywhere in the name. */
const filter: OptionsFilter = ({ options, search, limit }) => {
  const q = search.trim().toLowerCase();
  if (!q) return [];
  const found: ComboboxItem[] = [];
  for (const option of options) {
    if ('value' in option && option.label.toLowerCase().includes(q)) found.push(option);
    if (found.length >= limit) break;
  }
  return found;
};

/**
 * The organisation (unit) field of the forms: suggestions from the unit list (spec §7
 * /home/company/findByQuery) in the page's language, and any other name typed freely.
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
    <Autocomplete
      label={label}
      name={name}
      required={required}
      error={error}
      readOnly={readOnly}
      data={names}
      limit={30}
      filter={filter}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      placeholder={t('placeholder')}
      description={t('noMatch')}
      maxLength={200}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
      data-field={dataField}
    />
  );
}
