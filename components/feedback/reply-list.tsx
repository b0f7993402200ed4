import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';

export type ShownReply = { id: number; content: string; at: string; unread?: boolean; author?: string | null };

/** The organisers' replies, oldest first; a reply the sender had not read yet is marked new. */
export async function ReplyList({ replies }: { replies: ShownReply[] }) {
  const t = await getTranslations('feedback');
  if (replies.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="feedback-no-replies">
        {t('noReplies')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="feedback-replies">
      {replies.map((reply) => (
        <Paper key={reply.id} withBorder p="sm" data-testid="feedback-reply" data-unread={reply.unread ? 'true' : 'false'}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="xs" c="dimmed">
              {reply.at}
              {reply.author ? ` · ${t('repliedBy')}: ${reply.author}` : ''}
            </Text>
            {reply.unread && (
              <Badge size="xs" color="red" data-testid="feedback-reply-new">
                {t('newMark')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {reply.content}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
