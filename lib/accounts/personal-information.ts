import { COUNTRY_CODES, countryName } from '@/lib/registration/countries';
import type { Locale } from '@/lib/i18n/localized';

export const PERSONAL_FIELDS = ['lastName', 'middleName', 'firstName', 'phone', 'unit', 'countryArea', 'post', 'address'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

type Profile = Record<PersonalField, string>;
type Answers = Record<string, string | string[]>;

/** Where the conference registration holds what the profile may lack (registration item keys). */
const FROM_REGISTRATION: Partial<Record<PersonalField, string>> = {
  phone: 'telephone',
  unit: 'unit',
  countryArea: 'country',
  post: 'post',
  address: 'address',
};

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim() : '');
const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);

/**
 * The rows of the personal information preview (/profile/userInfo): each field the profile holds,
 * else what this conference's registration already holds for it (phone, organisation, country,
 * position, address), a country code written as its name. The middle name is left out unless one
 * was given; a field neither holds has an empty value (the page says it was not filled).
 */
export function personalInformation(
  profile: Partial<Profile> | null | undefined,
  answers: Answers | null | undefined,
  locale: Locale,
): { field: PersonalField; value: string }[] {
  return PERSONAL_FIELDS.flatMap((field) => {
    const source = FROM_REGISTRATION[field];
    const raw = (profile?.[field] ?? '').trim() || (source ? text(answers?.[source]) : '');
    if (field === 'middleName' && !raw) return [];
    const value = field === 'countryArea' && KNOWN_COUNTRIES.has(raw) ? countryName(raw, locale) : raw;
    return [{ field, value }];
  });
}
