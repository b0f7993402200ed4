'use client';

import { Alert, Stack } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { ButtonLink } from '@/components/ui/button-link';

const REVIEW_AREA = '/platform/submissionManage/user';

/** The already-activated message (spec §2) with the way to sign in to the review area; `loginOnly` shows just the link. */
export function InvitationUsed({ loginOnly = false }: { loginOnly?: boolean }) {
  const t = useTranslations('reviewers');
  const login = (
    <ButtonLink href={{ pathname: '/conferencelogin', query: { redirect: REVIEW_AREA } }} data-testid="activation-login">
      {t('loginLink')}
    </ButtonLink>
  );
  if (loginOnly) return login;
  return (
    <Stack data-testid="invitation-used">
      <Alert color="blue" title={t('usedTitle')}>
        {t('usedText')}
      </Alert>
      <div>{login}</div>
    </Stack>
  );
}
