import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import type { Locale } from '@/lib/i18n/localized';

/**
 * The platform's name in `locale` as its account mails sign it (`common.platformName`, the name the
 * site shows without a conference). Account mail names the platform only: a conference's title is
 * typed by its organisers, and anyone can have a code mail sent to any address.
 */
export function platformName(locale: Locale): string {
  return (locale === 'zh' ? zh : en).common.platformName;
}
