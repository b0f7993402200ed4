'use client';

import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';

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
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
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
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o.value} value={o.label} />
        ))}
      </datalist>
      <Button onClick={go} data-testid="org-go">
        {t('go')}
      </Button>
    </Group>
  );
}
