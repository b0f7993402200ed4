import type { submission } from '@/db/schema';

/**
 * Submission states (spec §4; db/schema/submissions.ts): waiting for allocation, assigned, need to
 * modify, resubmitted, accepted, rejected, withdrawn. Message keys live under `submission.status`.
 */
export const SUBMISSION_STATUSES = ['waiting', 'assigned', 'modify', 'resubmitted', 'accepted', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The chair's decisions an author may learn once released. */
export const DECISIONS = ['accepted', 'rejected', 'modify'] as const;
export type Decision = (typeof DECISIONS)[number];

/** States from which the author may still withdraw (not decided for good, not withdrawn). */
export const WITHDRAWABLE_STATUSES: readonly SubmissionStatus[] = ['waiting', 'assigned', 'modify', 'resubmitted'];

/** The author's own moves, each one step: edit in place, resubmit after "need to modify", withdraw. */
export const AUTHOR_TRANSITIONS: Record<
  'edit' | 'resubmit' | 'withdraw',
  { from: readonly SubmissionStatus[]; to: SubmissionStatus | null }
> = {
  edit: { from: ['waiting'], to: null },
  resubmit: { from: ['modify'], to: 'resubmitted' },
  withdraw: { from: WITHDRAWABLE_STATUSES, to: 'withdrawn' },
};

export function isSubmissionStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

type Released = Pick<typeof submission.$inferSelect, 'releasedAt' | 'decidedAt'>;

/**
 * Whether the chair's latest decision has been released to the author: a release at or after the
 * decision (a decision taken after an earlier release stays hidden until it is released in turn).
 */
export function decisionReleased(row: Released): boolean {
  if (!row.releasedAt) return false;
  return !row.decidedAt || row.releasedAt.getTime() >= row.decidedAt.getTime();
}

/**
 * The state the author sees: a decided state (accepted, rejected, need to modify) shows only once
 * released; until then the submission reads as under review ('assigned').
 */
export function authorVisibleStatus(row: Released & { status: string }): SubmissionStatus {
  const status = isSubmissionStatus(row.status) ? row.status : 'waiting';
  if ((DECISIONS as readonly string[]).includes(status) && !decisionReleased(row)) return 'assigned';
  return status;
}

/** Colour of a status badge (the label is always there too: never colour alone). */
export const STATUS_COLORS: Record<SubmissionStatus, string> = {
  waiting: 'gray',
  assigned: 'blue',
  modify: 'orange',
  resubmitted: 'cyan',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'dark',
};
