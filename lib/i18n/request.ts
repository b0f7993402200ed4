import { headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { getDb } from '@/db/client';
import { hostOf } from '@/lib/tenancy/context';
import { cachedConferenceByHost } from '@/lib/tenancy/resolve-conference';
import { DEFAULT_TIME_ZONE, FORMATS } from './format';
import { defaultLocale, isLocale } from './localized';

/** next-intl's request config: the locale's messages, and dates in the time zone of the conference the host serves. */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  const host = hostOf(await headers());
  const conference = await cachedConferenceByHost(await getDb(), host);
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
    timeZone: conference?.timeZone ?? DEFAULT_TIME_ZONE,
    formats: FORMATS,
  };
});
