import type { Locale } from '@/lib/i18n/localized';

/** ISO 3166-1 alpha-2 codes offered by the country field, plus OTHER. Names come from Intl. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AZ BA BB BD BE BF BG BH BI BJ BM BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CK CL CM CN CO CR CU CV CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FO FR GA GB GD GE GH GI GL GM GN GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP ' +
  'NR NZ OM PA PE PG PH PK PL PR PS PT PW PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW ' +
  'TZ UA UG US UY UZ VA VC VE VN VU WS YE ZA ZM ZW OTHER'
).split(' ');

const OVERRIDES: Record<string, Record<Locale, string>> = {
  HK: { zh: '中国香港', en: 'Hong Kong, China' },
  MO: { zh: '中国澳门', en: 'Macao, China' },
  TW: { zh: '中国台湾', en: 'Taiwan, China' },
  OTHER: { zh: '其他', en: 'Others' },
};

const namesCache = new Map<Locale, Intl.DisplayNames>();

export function countryName(code: string, locale: Locale): string {
  const override = OVERRIDES[code];
  if (override) return override[locale];
  let names = namesCache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
    namesCache.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** The countries a form offers: the organiser's choice, or all when none is chosen. */
export function offeredCountries(restricted: readonly string[]): string[] {
  return restricted.length ? COUNTRY_CODES.filter((c) => restricted.includes(c)) : COUNTRY_CODES;
}

/**
 * Every country as a choice, by name in `locale` (Others last). Made on the server and handed to a
 * client form: Node's and the browser's ICU name and sort some regions differently, and a list
 * rendered in both would not match when React hydrates it (error #418).
 */
export function countryChoices(locale: Locale): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale === 'zh' ? 'zh-CN' : 'en');
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
    a.value === 'OTHER' ? 1 : b.value === 'OTHER' ? -1 : collator.compare(a.label, b.label),
  );
}

/** The countries a form offers (the organiser's choice, or all), by name in `locale` with Others last, not by code. */
export function offeredCountryChoices(restricted: readonly string[], locale: Locale): { value: string; label: string }[] {
  const offered = new Set(offeredCountries(restricted));
  return countryChoices(locale).filter((c) => offered.has(c.value));
}
