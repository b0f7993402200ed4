'use client';

import { useLocale } from 'next-intl';
import { ErrorScreen } from '@/components/site/error-screen';
import { localePath } from '@/lib/i18n/locale-path';
import { isLocale } from '@/lib/i18n/localized';

/** A screen of this group that failed to render: said in the page's language, with a retry and a way home. */
export default function ScreenError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = useLocale();
  return <ErrorScreen error={error} reset={reset} home={localePath(isLocale(locale) ? locale : 'zh', '/')} />;
}
