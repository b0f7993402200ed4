'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { currentReturnAddress, localePath } from './api-client';
import { useAppLocale } from './use-api';

/** Switches zh ⇄ en on the same page and remembers the choice (local storage and cookie). */
export function LanguageSwitch() {
  const t = useTranslations('common');
  const locale = useAppLocale();
  const other = locale === 'zh' ? 'en' : 'zh';
  const onClick = () => {
    window.localStorage.setItem('locale', other);
    document.cookie = `NEXT_LOCALE=${other}; path=/; max-age=31536000; samesite=lax`;
    window.location.assign(localePath(other, currentReturnAddress()));
  };
  return (
    // The visible name ("English" / "中文") is the accessible name, in its own language; the purpose is the tooltip.
    <Button
      variant="subtle"
      size="compact-sm"
      onClick={onClick}
      lang={other}
      title={t('languageSwitchLabel')}
      data-testid="language-switch"
    >
      {t('languageSwitch')}
    </Button>
  );
}
