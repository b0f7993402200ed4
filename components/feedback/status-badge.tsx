import { getTranslations } from 'next-intl/server';
import { StatusBadge } from '@/components/ui/status-badge';

/** A feedback's status: awaiting a reply, or replied. */
export async function FeedbackStatusBadge({ status }: { status: string }) {
  const t = await getTranslations('feedback');
  return (
    <StatusBadge color={status === 'replied' ? 'green' : 'orange'} data-testid="feedback-status" data-status={status}>
      {t(status === 'replied' ? 'status_replied' : 'status_open')}
    </StatusBadge>
  );
}
