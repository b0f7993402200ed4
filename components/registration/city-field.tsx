'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import f from '@/components/ui/plain-form.module.css';
import c from '@/components/ui/plain-choice.module.css';
import type { Locale } from '@/lib/i18n/localized';
import { joinCity, REGIONS, splitCity } from '@/lib/registration/regions';
import d from './dynamic-fields.module.css';

/**
 * A city item: the region (China's provinces, or outside China) and the city, stored as `<code>/<city>`. Plain
 * elements in Mantine's look (the plain form kit): a fieldset named by the item's label, each control naming the
 * item's error.
 */
export function CityField({
  field,
  label,
  required,
  error,
  value,
  onChange,
  formLocale,
}: {
  field: string;
  label: string;
  required: boolean;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  formLocale: Locale;
}) {
  const t = useTranslations('registerForm');
  const id = useId();
  const { region, city } = splitCity(value);
  const control = {
    className: f.input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return (
    <fieldset className={c.group} data-field={field} aria-labelledby={`${id}-label`}>
      <legend id={`${id}-label`} className={f.label}>
        {label}
        {required && (
          <span className={f.required} aria-hidden>
            {' *'}
          </span>
        )}
      </legend>
      <div className={d.city}>
        <select
          {...control}
          aria-label={t('region')}
          value={region}
          onChange={(e) => onChange(joinCity(e.currentTarget.value, city))}
          data-testid={`region-${field}`}
        >
          <option value="">{t('region')}</option>
          {REGIONS.map((r) => (
            <option key={r.code} value={r.code}>
              {r[formLocale]}
            </option>
          ))}
        </select>
        <input
          {...control}
          aria-label={t('city')}
          placeholder={t('city')}
          maxLength={60}
          value={city}
          onChange={(e) => onChange(joinCity(region, e.currentTarget.value))}
          data-testid={`city-${field}`}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={f.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
