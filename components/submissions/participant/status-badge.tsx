import { StatusBadge } from '@/components/ui/status-badge';
import { STATUS_COLORS, type SubmissionStatus } from '@/lib/submissions/status';

/** A submission's state: its label in words (always whole), the colour only as a help. */
export function SubmissionStatusBadge({ status, label }: { status: SubmissionStatus; label: string }) {
  return (
    <StatusBadge color={STATUS_COLORS[status]} size="md" data-testid="submission-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}
