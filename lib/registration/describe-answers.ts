import { localized, type Locale } from '@/lib/i18n/localized';
import { countryName } from './countries';
import type { FormField } from './fields';
import { describeCity } from './regions';

export type DescribedAnswer = {
  key: string;
  label: string;
  value: string;
  files?: { name: string; originalName: string; field: string }[];
};

/**
 * A registration's answers as label/value pairs in one language: choices by their names, a city
 * with its region, uploaded files by their original names (`fileNames`: stored name → name).
 */
export function describeAnswers(
  fields: FormField[],
  answers: Record<string, string | string[]>,
  locale: Locale,
  fileNames: Record<string, string> = {},
): DescribedAnswer[] {
  return fields
    .filter(
      (f) =>
        f.enabled &&
        answers[f.key] !== undefined &&
        answers[f.key] !== '' &&
        !(Array.isArray(answers[f.key]) && answers[f.key].length === 0),
    )
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((field) => {
      const raw = answers[field.key];
      const values = Array.isArray(raw) ? raw : [raw];
      const label = localized(field.label, locale);
      if (field.type === 'file') {
        const files = values.map((name) => ({ name, originalName: fileNames[name] ?? name, field: field.key }));
        return { key: field.key, label, value: files.map((f) => f.originalName).join(', '), files };
      }
      const name = (value: string) =>
        field.key === 'country'
          ? countryName(value, locale)
          : field.type === 'city'
            ? describeCity(value, locale)
            : localized(field.options.find((o) => o.value === value)?.label, locale) || value;
      return { key: field.key, label, value: values.map(name).join(locale === 'zh' ? '、' : ', ') };
    });
}
