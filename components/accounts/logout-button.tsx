'use client';

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { localePath } from '@/components/ui/api-client';
import { useApi, useAppLocale } from '@/components/ui/use-api';

export function LogoutButton() {
  const t = useTranslations('nav');
  const api = useApi();
  const locale = useAppLocale();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await api('/base/oauth/logout', { method: 'DELETE' });
      window.location.assign(localePath(locale, '/conferencelogin'));
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
      setBusy(false);
    }
  };
  return (
    <Button variant="subtle" size="compact-sm" onClick={logout} loading={busy} data-testid="logout">
      {t('logout')}
    </Button>
  );
}
