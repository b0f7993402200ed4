import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import { ButtonLink } from '@/components/ui/button-link';
import type { adminFeedbackDetail } from '@/lib/feedback/queries';
import type { conferenceFormatter } from '@/lib/i18n/format';
import { FeedbackSummary } from './feedback-summary';
import { FeedbackReplyForm } from './reply-form';
import { ReplyList } from './reply-list';

type Detail = Awaited<ReturnType<typeof adminFeedbackDetail>>;

/** One feedback for its organisers: its fields and file, the replies so far, and the reply form. */
export async function AdminFeedbackDetail({
  detail,
  format,
  backHref,
}: {
  detail: Detail;
  format: ReturnType<typeof conferenceFormatter>;
  backHref: string;
}) {
  const t = await getTranslations('feedback');
  const { feedback } = detail;
  return (
    <Stack gap="md" data-testid="admin-feedback-detail" data-id={feedback.id}>
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{t('detailTitle')}</Title>
        <ButtonLink href={backHref} variant="default" data-testid="admin-feedback-back">
          {t('backToManage')}
        </ButtonLink>
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <FeedbackSummary
          item={feedback}
          sentAt={format.dateTime(feedback.createdAt, 'short')}
          fileHref={`/api/conference/manage/feedback/file?id=${feedback.id}`}
        />
        <Text size="xs" c="dimmed" px="xs">
          {t('account')}: {detail.accountEmail}
        </Text>
      </Paper>
      <Title order={4}>{t('replies')}</Title>
      <ReplyList
        replies={detail.replies.map((r) => ({ id: r.id, content: r.content, at: format.dateTime(r.createdAt, 'short'), author: r.author }))}
      />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <FeedbackReplyForm
          id={feedback.id}
          email={feedback.email}
          languageLabel={t(feedback.locale === 'en' ? 'language_en' : 'language_zh')}
        />
      </Paper>
    </Stack>
  );
}
