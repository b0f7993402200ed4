import { Anchor, Group, Table, TableTbody, TableTd, TableTh, TableTr, Text } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { AttachedFile } from '@/db/schema';
import { FeedbackStatusBadge } from './status-badge';

type Shown = {
  title: string;
  name: string;
  email: string;
  phone: string;
  type: string;
  content: string;
  file: AttachedFile | null;
  status: string;
};

/** A feedback's fields as a small table, the message kept as typed, the file as a download link. */
export async function FeedbackSummary({ item, sentAt, fileHref }: { item: Shown; sentAt: string; fileHref: string }) {
  const t = await getTranslations('feedback');
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <TableTr>
      <TableTh w={120} style={{ verticalAlign: 'top' }}>
        {label}
      </TableTh>
      <TableTd data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </TableTd>
    </TableTr>
  );
  return (
    <Table withRowBorders={false} layout="fixed" data-testid="feedback-summary">
      <TableTbody>
        {row(t('status'), <FeedbackStatusBadge status={item.status} />)}
        {row(t('title'), item.title, 'feedback-summary-title')}
        {row(t('type'), t(`type_${item.type}` as 'type_other'))}
        {row(t('sentAt'), sentAt)}
        {row(t('name'), item.name)}
        {row(t('email'), item.email)}
        {row(t('phone'), item.phone)}
        {row(
          t('content'),
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.content}
          </Text>,
          'feedback-summary-content',
        )}
        {item.file &&
          row(
            t('file'),
            <Group gap="xs">
              <Anchor href={fileHref} size="sm" data-testid="feedback-file-link">
                {item.file.oriName}
              </Anchor>
              <Text size="xs" c="dimmed">
                ({Math.max(1, Math.round(item.file.size / 1024))} KB)
              </Text>
            </Group>,
          )}
      </TableTbody>
    </Table>
  );
}
