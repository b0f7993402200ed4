'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { PlainInput } from '@/components/ui/plain-form';

/**
 * The organisations without a shortcut: a name typed with the browser's own suggestions (a
 * `<datalist>`, matched as one types; no drop-down of script) and the go button, which begins the
 * login at the organisation named — or at the only one whose name contains what was typed.
 */
export function OrganisationSearch({ options }: { options: { value: string; label: string; redirectUrl: string }[] }) {
  const t = useTranslations('orgLogin');
  const listId = useId();
  const [typed, setTyped] = useState('');
  const go = () => {
    const q = typed.trim().toLowerCase();
    const exact = options.find((o) => o.label.toLowerCase() === q);
    const partial = options.filter((o) => o.label.toLowerCase().includes(q));
    const target = exact ?? (q && partial.length === 1 ? partial[0] : undefined);
    if (!target) {
      notifications.show({ color: 'orange', message: q && partial.length === 0 ? t('noMatch') : t('chooseFirst') });
      return;
    }
    window.location.assign(target.redirectUrl);
  };
  // Plain elements (components/ui/plain-form.tsx): the login pages carry no Mantine.
  return (
    <div className={ui.group} data-gap="xs" style={{ alignItems: 'flex-end', flexWrap: 'nowrap' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <PlainInput
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          list={listId}
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              go();
            }
          }}
          data-testid="org-select"
        />
      </div>
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o.value} value={o.label} />
        ))}
      </datalist>
      <button type="button" {...buttonLook()} onClick={go} data-testid="org-go">
        {t('go')}
      </button>
    </div>
  );
}
