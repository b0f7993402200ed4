import { localized, locales, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { EDITABLE_TEMPLATES, templateVars } from './template-catalog';

const samples = { zh: zh.mailConfig.samples, en: en.mailConfig.samples } as const;

/** Sample values of every placeholder in each language, for the editor's preview (the conference's own title). */
export function templateSamples(title: LocalizedText): Record<Locale, Record<string, string>> {
  const names = new Set(EDITABLE_TEMPLATES.flatMap((n) => [...templateVars(n)]));
  const of = (locale: Locale) => {
    const values: Record<string, string> = { ...samples[locale] };
    values.conference = localized(title, locale);
    for (const name of names) values[name] ??= `{${name}}`;
    return values;
  };
  return Object.fromEntries(locales.map((l) => [l, of(l)])) as Record<Locale, Record<string, string>>;
}
