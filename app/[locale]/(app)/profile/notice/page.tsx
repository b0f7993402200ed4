import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NoticeList } from '@/components/notices/notice-list';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { isRegistered } from '@/lib/auth/roles';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized } from '@/lib/i18n/localized';
import { noticeHtml } from '@/lib/notices/content';
import { listMyNotices } from '@/lib/notices/my-notices';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notices');
  return { title: t('title') };
}

/**
 * Notices (spec §2 /profile/notice): the organisers' published notices for the registrants, pinned
 * first, then the newest, in the reader's language, unread ones marked. Someone not registered is
 * told so and shown the way to register, not the notices.
 */
export default async function NoticePage() {
  const { db, conference, user, locale } = await requirePage('/profile/notice');
  const [t, registered] = await Promise.all([getTranslations('notices'), isRegistered(db, conference.id, user.id)]);
  const notices = registered ? await listMyNotices(db, conference.id, user.id) : [];
  const format = conferenceFormatter(locale, conference.timeZone);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        {!registered ? (
          <Alert color="orange" data-testid="notices-not-registered">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('notRegistered')}</Text>
              <ButtonLink href="/conferenceRegister" size="xs">
                {t('goRegister')}
              </ButtonLink>
            </Stack>
          </Alert>
        ) : notices.length === 0 ? (
          <Text c="dimmed" data-testid="notices-none">
            {t('none')}
          </Text>
        ) : (
          <NoticeList
            notices={notices.map((n) => ({
              id: n.id,
              title: localized(n.title, locale),
              html: noticeHtml(localized(n.content, locale)),
              pinned: n.pinned,
              dateLabel: format.dateTime(n.publishedAt, 'short'),
              read: n.read,
            }))}
          />
        )}
      </Stack>
    </Paper>
  );
}
