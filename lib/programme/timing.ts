import type { ProgrammeSessionType } from '@/db/schema/programme';

/**
 * When each contribution of the draft runs (pure). Within a session contributions follow one another in their order
 * from the session's start, each for its duration, unless a contribution is pinned to a start of its own (the next
 * ones then follow it). In a poster session every poster stands for the whole session unless pinned.
 * Instants are milliseconds since the epoch; null while the session is not placed.
 */

export type TimingSession = { id: number; type: ProgrammeSessionType; startsAt: number | null; durationMinutes: number };
export type TimingContribution = {
  id: number;
  sessionId: number | null;
  sortOrder: number;
  durationMinutes: number;
  /** A pinned start, or null to follow the one before. */
  pinnedAt: number | null;
};
export type Span = { startsAt: number; endsAt: number };

const MINUTE = 60_000;

export function sessionSpan(session: TimingSession): Span | null {
  return session.startsAt === null ? null : { startsAt: session.startsAt, endsAt: session.startsAt + session.durationMinutes * MINUTE };
}

/** The contributions of each session in their running order (by sortOrder, then id). */
export function bySession<C extends TimingContribution>(contributions: C[]): Map<number | null, C[]> {
  const groups = new Map<number | null, C[]>();
  for (const c of contributions) groups.set(c.sessionId, [...(groups.get(c.sessionId) ?? []), c]);
  for (const list of groups.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  return groups;
}

/** Each placed contribution's start and end (unplaced ones, or those of an unplaced session, are absent). */
export function contributionSpans(sessions: TimingSession[], contributions: TimingContribution[]): Map<number, Span> {
  const spans = new Map<number, Span>();
  const groups = bySession(contributions);
  for (const session of sessions) {
    const span = sessionSpan(session);
    if (!span) continue;
    let cursor = span.startsAt;
    for (const c of groups.get(session.id) ?? []) {
      if (session.type === 'poster' && c.pinnedAt === null) {
        spans.set(c.id, span);
        continue;
      }
      const startsAt = c.pinnedAt ?? cursor;
      const endsAt = startsAt + c.durationMinutes * MINUTE;
      spans.set(c.id, { startsAt, endsAt });
      cursor = endsAt;
    }
  }
  return spans;
}
