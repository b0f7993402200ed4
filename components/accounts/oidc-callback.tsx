'use client';

import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { useAppLocale } from '@/components/ui/use-api';

type Props = {
  kind: 'organisation' | 'central';
  code: string;
  state: string;
  iss: string;
  /** A failure already known from the address (the provider's error, or 'unavailable'). */
  error: string | null;
};

/**
 * The callback pages' work (/oidcLogin, /login): hands code and state to the server once, then goes
 * where the server says (the state's path, or /conferenceRegister for an unregistered account); a
 * refusal is shown in the page's language with the way back to the login page.
 */
export function OidcCallback({ kind, code, state, iss, error }: Props) {
  const t = useTranslations('oidcCallback');
  const te = useTranslations('errors');
  const locale = useAppLocale();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(error);

  useEffect(() => {
    if (started.current || error) return;
    started.current = true;
    void (async () => {
      try {
        const response = await fetch(`/api/base/oauth/${kind === 'central' ? 'login' : 'oidcLogin'}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-locale': locale },
          body: JSON.stringify(iss ? { code, state, iss } : { code, state }),
          credentials: 'same-origin',
        });
        const answer = (await response.json().catch(() => null)) as {
          code?: number;
          message?: string;
          data?: unknown;
          next?: string;
          share?: string | null;
        } | null;
        if (answer?.code === 200 && typeof answer.data === 'string' && typeof answer.next === 'string' && answer.next.startsWith('/')) {
          // On a conference site the server offers the way by the central site (`share`), which signs that in too.
          window.location.assign(typeof answer.share === 'string' && answer.share.startsWith('http') ? answer.share : answer.next);
          return;
        }
        setFailure(answer?.message ?? t('notToken'));
      } catch {
        setFailure(te('network'));
      }
    })();
  }, [kind, code, state, iss, error, locale, t, te]);

  if (!failure) {
    return (
      <Stack align="center" gap="sm" data-testid="oidc-working">
        <Loader aria-label={t('working')} />
        <Text>{t('working')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Alert color="red" title={t('failed')} data-testid="oidc-error">
        {failure}
      </Alert>
      <Anchor component={Link} href="/conferencelogin" data-testid="back-to-login">
        {t('backToLogin')}
      </Anchor>
    </Stack>
  );
}
