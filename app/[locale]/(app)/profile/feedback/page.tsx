import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { FeedbackStatusBadge } from '@/components/feedback/status-badge';
import { AnchorLink } from '@/components/ui/button-link';
import { findProfile } from '@/lib/accounts/queries';
import { requirePage } from '@/lib/auth/require-page';
import { FEEDBACK_FILE_MAX_BYTES, FEEDBACK_FILE_TYPES } from '@/lib/feedback/files';
import { myFeedbackList } from '@/lib/feedback/queries';
import { conferenceFormatter } from '@/lib/i18n/format';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('feedback');
  return { title: t('pageTitle') };
}

/**
 * Feedback (spec §2 /profile/feedback): the form (title, name, email with its code, phone, type,
 * message, an optional file) and my feedback, each with its status and its new replies.
 */
export default async function FeedbackPage() {
  const { db, conference, user, locale } = await requirePage('/profile/feedback');
  const [t, found, mine] = await Promise.all([
    getTranslations('feedback'),
    findProfile(db, user.id),
    myFeedbackList(db, { conferenceId: conference.id, userId: user.id }),
  ]);
  const format = conferenceFormatter(locale, conference.timeZone);
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Title order={3} mb="xs">
          {t('pageTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('intro')}
        </Text>
        <FeedbackForm
          initial={{ name: found?.user.name ?? '', email: found?.user.email ?? user.email, phone: found?.profile?.phone ?? '' }}
          fileTypes={FEEDBACK_FILE_TYPES}
          maxMb={FEEDBACK_FILE_MAX_BYTES / 1024 / 1024}
        />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Title order={4} mb="md">
          {t('myList')}
        </Title>
        {mine.length === 0 ? (
          <Text c="dimmed" data-testid="my-feedback-none">
            {t('none')}
          </Text>
        ) : (
          <Stack gap="sm" data-testid="my-feedback-list">
            {mine.map((item) => (
              <Paper key={item.id} withBorder p="sm" data-testid="my-feedback-item" data-id={item.id} data-unread={item.unread}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <AnchorLink
                    href={`/profile/feedBackDetails?id=${item.id}`}
                    prefetch={false}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {item.title}
                  </AnchorLink>
                  <Group gap={6}>
                    {item.unread > 0 && (
                      <Badge size="sm" color="red" data-testid="my-feedback-unread">
                        {t('newReplies', { count: item.unread })}
                      </Badge>
                    )}
                    <FeedbackStatusBadge status={item.status} />
                  </Group>
                </Group>
                <Text size="xs" c="dimmed">
                  {t(`type_${item.type}` as 'type_other')} · {t('sentAt')}: {format.dateTime(item.createdAt, 'short')}
                  {item.replies > 0 ? ` · ${t('replyCount', { count: item.replies })}` : ''}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
