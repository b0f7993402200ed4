import type { Locale } from '@/lib/i18n/localized';

/** Currencies a fee can be charged or shown in; every one has two minor digits. */
export const CURRENCIES = ['CNY', 'USD', 'EUR', 'GBP', 'JPY', 'HKD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Minor units per major unit (JPY has none). */
export function minorDigits(currency: string): number {
  return currency === 'JPY' ? 0 : 2;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An integer amount of minor units as the user reads it: ¥1,200.00 / US$80.00 (one formatter per locale and currency). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const digits = minorDigits(currency);
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** digits);
}

/** Major units typed in a form (number or text) to integer minor units, exactly (no float drift). */
export function toMinor(major: number | string, currency: string): number {
  const digits = minorDigits(currency);
  const text = typeof major === 'number' ? major.toFixed(digits) : major.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return Number.NaN;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number(fraction.slice(0, digits) || '0');
}

export function fromMinor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}
