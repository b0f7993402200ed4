'use client';

import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { localePath } from '@/components/ui/api-client';
import { useApi, useAppLocale } from '@/components/ui/use-api';

/**
 * An invitation to an email that already has an account: only that account may activate it, so the
 * visitor signs in as it first and comes back here (the login's return address). Someone signed in
 * as another account is signed out first. An account without a password (registered by organisers)
 * sets one with "forgot password" on the sign-in page, or uses organisation sign-in.
 */
export function InvitationSignIn({
  email,
  activationKey,
  signedInAs,
}: {
  email: string;
  activationKey: string;
  signedInAs: string | null;
}) {
  const t = useTranslations('reviewers');
  const api = useApi();
  const locale = useAppLocale();
  const [busy, setBusy] = useState(false);
  const back = `/review/active/${activationKey}`;
  const loginHref = { pathname: '/conferencelogin', query: { redirect: back } } as const;

  const switchAccount = async () => {
    setBusy(true);
    try {
      await api('/base/oauth/logout', { method: 'DELETE' });
    } catch {
      // The session had already ended: the login page is where the visitor goes either way.
    }
    // A full load: the page and its header start again without the old session.
    window.location.assign(localePath(locale, `/conferencelogin?redirect=${encodeURIComponent(back)}`));
  };

  return (
    <Stack data-testid="activation-sign-in">
      <Alert color="blue" title={t('signInTitle', { email })}>
        <Text size="sm">{t('signInText', { email })}</Text>
      </Alert>
      {signedInAs ? (
        <>
          <Text size="sm" data-testid="activation-signed-in-as">
            {t('signedInAsOther', { current: signedInAs, email })}
          </Text>
          <Button onClick={switchAccount} loading={busy} data-testid="activation-switch-account">
            {t('switchAccount', { email })}
          </Button>
        </>
      ) : (
        <ButtonLink href={loginHref} data-testid="activation-sign-in-link">
          {t('signInButton', { email })}
        </ButtonLink>
      )}
    </Stack>
  );
}
