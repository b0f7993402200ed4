'use client';

import { currentReturnAddress, localePath } from '@/lib/i18n/locale-path';
import type { Locale } from '@/lib/i18n/localized';

/** Switches zh ⇄ en on the same page and remembers the choice (local storage and cookie). */
export function LanguageSwitch({
  locale,
  label,
  ariaLabel,
  className,
}: {
  locale: Locale;
  label: string;
  ariaLabel: string;
  className?: string;
}) {
  const other: Locale = locale === 'zh' ? 'en' : 'zh';
  const onClick = () => {
    window.localStorage.setItem('locale', other);
    document.cookie = `NEXT_LOCALE=${other}; path=/; max-age=31536000; samesite=lax`;
    window.location.assign(localePath(other, currentReturnAddress()));
  };
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      title={ariaLabel}
      lang={other === 'zh' ? 'zh-CN' : 'en'}
      data-testid="language-switch"
    >
      {label}
    </button>
  );
}
