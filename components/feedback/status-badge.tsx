import { Badge } from '@mantine/core';
import { getTranslations } from 'next-intl/server';

/** A feedback's status: awaiting a reply, or replied. */
export async function FeedbackStatusBadge({ status }: { status: string }) {
  const t = await getTranslations('feedback');
  return (
    <Badge size="sm" variant="light" color={status === 'replied' ? 'green' : 'orange'} data-testid="feedback-status" data-status={status}>
      {t(status === 'replied' ? 'status_replied' : 'status_open')}
    </Badge>
  );
}
