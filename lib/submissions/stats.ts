import { count, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { submission } from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { ADMIN_SUBMISSION_STATUSES } from './admin-list-params';
import { flatSessions } from './admin-list';

export type SessionStatusCounts = {
  /** null: submissions without a session (or whose session is gone). */
  sessionId: number | null;
  /** The names from the top-level session down to this one (empty for "no session"). */
  path: LocalizedText[];
  depth: number;
  counts: Record<string, number>;
  total: number;
};

/**
 * How many submissions each session holds in each state (the chart of the management screen): one
 * entry per session in reading order, each counting the submissions filed directly under it, then
 * one for submissions without a session when there are any. A status outside the known list is kept
 * under its own name. Only this conference's submissions are counted.
 */
export async function submissionCountsBySessionAndStatus(db: Executor, conferenceId: number) {
  const [sessions, rows] = await Promise.all([
    flatSessions(db, conferenceId),
    db
      .select({ sessionId: submission.sessionId, status: submission.status, count: count() })
      .from(submission)
      .where(eq(submission.conferenceId, conferenceId))
      .groupBy(submission.sessionId, submission.status),
  ]);
  const empty = () => Object.fromEntries(ADMIN_SUBMISSION_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  const entries: SessionStatusCounts[] = sessions.map((s) => ({
    sessionId: s.id,
    path: s.path,
    depth: s.depth,
    counts: empty(),
    total: 0,
  }));
  const none: SessionStatusCounts = { sessionId: null, path: [], depth: 0, counts: empty(), total: 0 };
  for (const row of rows) {
    const entry = entries.find((e) => e.sessionId !== null && e.sessionId === row.sessionId) ?? none;
    entry.counts[row.status] = (entry.counts[row.status] ?? 0) + row.count;
    entry.total += row.count;
  }
  if (none.total > 0) entries.push(none);
  const statuses = [...new Set<string>([...ADMIN_SUBMISSION_STATUSES, ...rows.map((r) => r.status)])];
  return { statuses, sessions: entries, total: entries.reduce((sum, e) => sum + e.total, 0) };
}
export type SubmissionStats = Awaited<ReturnType<typeof submissionCountsBySessionAndStatus>>;
