import { Alert, Group, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';

/** What a login page shows to someone already signed in: who, and the way to registration or the personal centre. */
export async function AlreadySignedIn({ email }: { email: string }) {
  const t = await getTranslations('auth');
  return (
    <Stack>
      <Alert color="blue" data-testid="already-logged-in">
        <Text size="sm">{t('alreadyLoggedIn', { email })}</Text>
      </Alert>
      <Group grow>
        <ButtonLink href="/conferenceRegister">{t('goConferenceRegister')}</ButtonLink>
        <ButtonLink href="/profile/userInfo" variant="light">
          {t('goProfile')}
        </ButtonLink>
      </Group>
    </Stack>
  );
}
