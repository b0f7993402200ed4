import { localized, type Locale } from '@/lib/i18n/localized';
import { countryName } from './countries';
import type { FormField } from './fields';

/** A registration's answers as label/value pairs in one language (choices by their names). */
export function describeAnswers(fields: FormField[], answers: Record<string, string | string[]>, locale: Locale) {
  return fields
    .filter((f) => f.enabled && answers[f.key] !== undefined && answers[f.key] !== '' && !(Array.isArray(answers[f.key]) && answers[f.key].length === 0))
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((field) => {
      const raw = answers[field.key];
      const values = Array.isArray(raw) ? raw : [raw];
      const name = (value: string) =>
        field.key === 'country' ? countryName(value, locale) : localized(field.options.find((o) => o.value === value)?.label, locale) || value;
      return { key: field.key, label: localized(field.label, locale), value: values.map(name).join(locale === 'zh' ? '、' : ', ') };
    });
}
