import type { ErrorCode } from '@/lib/http/app-error';
import type { CallState } from './config-schemas';
import { AUTHOR_TRANSITIONS, authorVisibleStatus, decisionReleased, type SubmissionStatus } from './status';

/**
 * The author's rules (spec §5, §8), each answering the refusal's error code or null when allowed.
 * New submissions only while the call is open; changes and resubmissions until the second deadline;
 * a passed second deadline says so ("second-submission time passed").
 */
export function createRefusal(state: CallState): ErrorCode | null {
  if (state === 'open') return null;
  if (state === 'firstPassed') return 'SUBMISSION_FIRST_DEADLINE';
  if (state === 'secondPassed') return 'SUBMISSION_SECOND_DEADLINE';
  return 'SUBMISSION_NOT_OPEN';
}

/** Whether changes and revisions are still taken: the call open or between its two deadlines. */
export function resubmitWindowRefusal(state: CallState): ErrorCode | null {
  return changeWindowRefusal(state);
}

function changeWindowRefusal(state: CallState): ErrorCode | null {
  if (state === 'open' || state === 'firstPassed') return null;
  if (state === 'secondPassed') return 'SUBMISSION_SECOND_DEADLINE';
  return 'SUBMISSION_NOT_OPEN';
}

type Row = { status: string; releasedAt: Date | null; decidedAt: Date | null };

/** Editing in place: only while waiting for allocation, and before the second deadline. */
export function editRefusal(row: Row, state: CallState): ErrorCode | null {
  if (!(AUTHOR_TRANSITIONS.edit.from as readonly string[]).includes(row.status)) return 'SUBMISSION_NOT_EDITABLE';
  return changeWindowRefusal(state);
}

/** Resubmitting: only after a released "need to modify", and before the second deadline. */
export function resubmitRefusal(row: Row, state: CallState): ErrorCode | null {
  if (!(AUTHOR_TRANSITIONS.resubmit.from as readonly string[]).includes(row.status) || !decisionReleased(row))
    return 'SUBMISSION_NOT_MODIFY';
  return changeWindowRefusal(state);
}

/**
 * Withdrawing: any time before a released final decision (accepted or rejected) or an earlier
 * withdrawal. Judged on the state the author sees, so a refusal never tells an unreleased decision.
 */
export function withdrawRefusal(row: Row): ErrorCode | null {
  return (AUTHOR_TRANSITIONS.withdraw.from as readonly string[]).includes(authorVisibleStatus(row)) ? null : 'SUBMISSION_NOT_WITHDRAWABLE';
}

/** What the author may do with one submission now (for the screens). */
export function authorActions(row: Row, state: CallState): { edit: boolean; resubmit: boolean; withdraw: boolean } {
  return { edit: !editRefusal(row, state), resubmit: !resubmitRefusal(row, state), withdraw: !withdrawRefusal(row) };
}

export type { SubmissionStatus };
