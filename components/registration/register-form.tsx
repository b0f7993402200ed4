'use client';

import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { localePath } from '@/components/ui/api-client';
import { showApiError } from '@/components/ui/form-errors';
import { useApi, useAppLocale } from '@/components/ui/use-api';

const REDIRECT_SECONDS = 3;

/** Accept the notice, submit, then a 3-second countdown to the next page (spec §4 registration flow). */
export function RegisterForm({ noticeHtml, nextPath }: { noticeHtml: string; nextPath: string }) {
  const t = useTranslations('register');
  const api = useApi();
  const locale = useAppLocale();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ code: string } | null>(null);
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (!done) return;
    if (seconds <= 0) {
      window.location.assign(localePath(locale, nextPath));
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [done, seconds, locale, nextPath]);

  const submit = async () => {
    if (!agreed) {
      notifications.show({ color: 'orange', message: t('selectNotice') });
      return;
    }
    setBusy(true);
    try {
      setDone(await api<{ code: string }>('/conference/conferenceUser', { body: { agreeNotice: true } }));
    } catch (error) {
      showApiError(error);
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Alert color="green" data-testid="register-success">
        <Text fw={600}>{t('success', { code: done.code })}</Text>
        <Text size="sm" data-testid="register-countdown">{t('countdown', { seconds })}</Text>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <div>
        <Text fw={600} mb="xs">{t('notice')}</Text>
        <div data-testid="register-notice" style={{ maxHeight: 320, overflow: 'auto', padding: 12, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} dangerouslySetInnerHTML={{ __html: noticeHtml }} />
      </div>
      <Checkbox label={t('agree')} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} data-testid="agree-notice" />
      <Button onClick={submit} loading={busy} data-testid="register-submit">
        {t('submit')}
      </Button>
    </Stack>
  );
}
