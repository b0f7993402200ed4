import { Badge } from '@mantine/core';
import { STATUS_COLORS, type SubmissionStatus } from '@/lib/submissions/status';

/** A submission's state: its label in words, the colour only as a help. */
export function StatusBadge({ status, label }: { status: SubmissionStatus; label: string }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="submission-status" data-status={status}>
      {label}
    </Badge>
  );
}
