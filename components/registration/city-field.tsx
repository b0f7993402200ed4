'use client';

import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/localized';
import { joinCity, REGIONS, splitCity } from '@/lib/registration/regions';

/** A city item: the region (China's provinces, or outside China) and the city, stored as `<code>/<city>`. */
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
  const { region, city } = splitCity(value);
  return (
    <Input.Wrapper label={label} required={required} error={error} data-field={field}>
      <Group grow mt={4} align="flex-start">
        <NativeSelect
          aria-label={t('region')}
          data={[{ value: '', label: t('region') }, ...REGIONS.map((r) => ({ value: r.code, label: r[formLocale] }))]}
          value={region}
          onChange={(e) => onChange(joinCity(e.currentTarget.value, city))}
          data-testid={`region-${field}`}
        />
        <TextInput
          aria-label={t('city')}
          placeholder={t('city')}
          maxLength={60}
          value={city}
          onChange={(e) => onChange(joinCity(region, e.currentTarget.value))}
          data-testid={`city-${field}`}
        />
      </Group>
    </Input.Wrapper>
  );
}
