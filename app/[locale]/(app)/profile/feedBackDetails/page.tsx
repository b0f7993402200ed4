import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { FeedbackSummary } from '@/components/feedback/feedback-summary';
import { ReplyList } from '@/components/feedback/reply-list';
import { ButtonLink } from '@/components/ui/button-link';
import { requirePage } from '@/lib/auth/require-page';
import { myFeedbackDetail } from '@/lib/feedback/queries';
import { conferenceFormatter } from '@/lib/i18n/format';
import { parseId } from '@/lib/validation/primitives';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('feedback');
  return { title: t('detailTitle') };
}

/**
 * One feedback of mine (spec §2 /profile/feedBackDetails?id=) with the organisers' replies: the
 * replies I had not read are marked new, and opening the page marks them read.
 */
export default async function FeedbackDetailsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, conference, user, locale } = await requirePage('/profile/feedBackDetails');
  const id = parseId((await searchParams).id);
  const [t, detail] = await Promise.all([
    getTranslations('feedback'),
    id === null ? null : myFeedbackDetail(db, { conferenceId: conference.id, userId: user.id, id, markRead: true }),
  ]);
  const format = conferenceFormatter(locale, conference.timeZone);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={3}>{t('detailTitle')}</Title>
        {!detail ? (
          <Alert color="orange" data-testid="feedback-missing">
            {t('notFound')}
          </Alert>
        ) : (
          <>
            <FeedbackSummary
              item={detail.feedback}
              sentAt={format.dateTime(detail.feedback.createdAt, 'short')}
              fileHref={`/api/conference/feedback/file?id=${detail.feedback.id}`}
            />
            <Title order={4}>{t('replies')}</Title>
            <ReplyList
              replies={detail.replies.map((r) => ({
                id: r.id,
                content: r.content,
                at: format.dateTime(r.createdAt, 'short'),
                unread: r.unread,
              }))}
            />
          </>
        )}
        <div>
          <ButtonLink href="/profile/feedback" variant="default" data-testid="feedback-back">
            {t('backToList')}
          </ButtonLink>
        </div>
      </Stack>
    </Paper>
  );
}
