import type { ProgrammeChange, ProgrammeSnapshot, ProgrammeSnapshotContribution, ProgrammeSnapshotSession } from '@/db/schema';

/** Each contribution of a snapshot with the session it sits in, in programme order. */
export function contributionsOf(
  snapshot: ProgrammeSnapshot,
): Array<{ contribution: ProgrammeSnapshotContribution; session: ProgrammeSnapshotSession }> {
  return snapshot.sessions.flatMap((session) => session.contributions.map((contribution) => ({ contribution, session })));
}

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/**
 * What changed for each contribution from `previous` to `next` (null: the first version, where nothing "changed"
 * and the list is empty): added, removed, and for one in both its time (start or end), room and session. In the new
 * programme's order, the removed ones last in the old programme's order.
 */
export function programmeChanges(previous: ProgrammeSnapshot | null, next: ProgrammeSnapshot): ProgrammeChange[] {
  if (!previous) return [];
  const before = new Map(contributionsOf(previous).map((e) => [e.contribution.id, e]));
  const nextIds = new Set<number>();
  const changes: ProgrammeChange[] = [];
  for (const { contribution, session } of contributionsOf(next)) {
    nextIds.add(contribution.id);
    const old = before.get(contribution.id);
    const entry = { contributionId: contribution.id, code: contribution.code, title: contribution.title };
    if (!old) {
      changes.push({ ...entry, changes: ['added'] });
      continue;
    }
    const what: ProgrammeChange['changes'] = [];
    if (!sameInstant(old.contribution.startsAt, contribution.startsAt) || !sameInstant(old.contribution.endsAt, contribution.endsAt))
      what.push('time');
    if (old.session.roomId !== session.roomId) what.push('room');
    if (old.session.id !== session.id) what.push('session');
    if (what.length) changes.push({ ...entry, changes: what });
  }
  for (const { contribution } of contributionsOf(previous)) {
    if (!nextIds.has(contribution.id))
      changes.push({ contributionId: contribution.id, code: contribution.code, title: contribution.title, changes: ['removed'] });
  }
  return changes;
}
