'use client';

import { Alert, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ButtonLink } from '@/components/ui/button-link';
import { REVIEWER_HOME } from '@/lib/auth/route-rules';

/** The already-activated message (spec §2) with the way to sign in to the review area. */
export function InvitationUsed() {
  const t = useTranslations('reviewers');
  return (
    <Stack data-testid="invitation-used">
      <Alert color="blue" title={t('usedTitle')}>
        {t('usedText')}
      </Alert>
      <div>
        <ButtonLink href={{ pathname: '/conferencelogin', query: { redirect: REVIEWER_HOME } }} data-testid="activation-login">
          {t('loginLink')}
        </ButtonLink>
      </div>
    </Stack>
  );
}
