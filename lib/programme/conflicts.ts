import { mentionLabel, samePerson, type PersonMention } from '@/lib/people/same-person';
import type { Span } from './timing';

/**
 * The draft's conflict rules (issue 23 point 2), pure: the editor shows them beside the grid and on the items after
 * every change. Instants are milliseconds; `minutes` says by how much a time is exceeded.
 *  - person:  one presenter, author or chair in two sessions at overlapping times, matched as a person
 *             (lib/people/same-person.ts: the same email, or the same name in either script);
 *  - room:    two sessions in the same room at overlapping times (a session without a room takes every room);
 *  - overrun: a session's contributions run past its end;
 *  - slot:    a contribution runs into the next one (a pinned start), or starts before its session.
 */

export type ConflictSession = Span & {
  id: number;
  roomId: number | null;
  /** Poster sessions' contributions stand side by side: no slot rule among them. */
  poster: boolean;
  /** The chairs. */
  people: PersonMention[];
};
export type ConflictContribution = Span & { id: number; sessionId: number; people: PersonMention[] };

export type ProgrammeConflict =
  /** `person`: the person as named on the first of the two items (their name, else their email). */
  | { kind: 'person'; person: string; sessionIds: [number, number]; contributionIds: number[] }
  | { kind: 'room'; roomId: number | null; sessionIds: [number, number]; contributionIds: [] }
  | { kind: 'overrun'; minutes: number; sessionIds: [number]; contributionIds: number[] }
  | { kind: 'slot'; minutes: number; sessionIds: [number]; contributionIds: [number] };

const MINUTE = 60_000;
const overlaps = (a: Span, b: Span) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
const minutesOf = (ms: number) => Math.ceil(ms / MINUTE);

type Appearance = Span & { sessionId: number; contributionId: number | null; person: PersonMention };

function personConflicts(sessions: ConflictSession[], contributions: ConflictContribution[]): ProgrammeConflict[] {
  const appearances: Appearance[] = [
    ...sessions.flatMap((s) => s.people.map((person) => ({ ...s, sessionId: s.id, contributionId: null, person }))),
    ...contributions.flatMap((c) => c.people.map((person) => ({ ...c, contributionId: c.id, person }))),
  ].sort((a, b) => a.startsAt - b.startsAt || a.sessionId - b.sessionId);
  const found: ProgrammeConflict[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < appearances.length; i++) {
    for (let j = i + 1; j < appearances.length && appearances[j].startsAt < appearances[i].endsAt; j++) {
      const [a, b] = [appearances[i], appearances[j]];
      if (a.sessionId === b.sessionId || !overlaps(a, b) || !samePerson(a.person, b.person)) continue;
      const person = mentionLabel(a.person);
      const sessionIds = (a.sessionId < b.sessionId ? [a.sessionId, b.sessionId] : [b.sessionId, a.sessionId]) as [number, number];
      const key = `${person}|${sessionIds[0]}:${sessionIds[1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const contributionIds = [a.contributionId, b.contributionId].filter((id): id is number => id !== null);
      found.push({ kind: 'person', person, sessionIds, contributionIds });
    }
  }
  return found;
}

function roomConflicts(sessions: ConflictSession[]): ProgrammeConflict[] {
  const sorted = [...sessions].sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  const found: ProgrammeConflict[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].startsAt < sorted[i].endsAt; j++) {
      const [a, b] = [sorted[i], sorted[j]];
      const sameRoom = a.roomId === null || b.roomId === null || a.roomId === b.roomId;
      if (!sameRoom || !overlaps(a, b)) continue;
      found.push({ kind: 'room', roomId: a.roomId ?? b.roomId, sessionIds: [a.id, b.id], contributionIds: [] });
    }
  }
  return found;
}

function timeConflicts(sessions: ConflictSession[], contributions: ConflictContribution[]): ProgrammeConflict[] {
  const found: ProgrammeConflict[] = [];
  for (const session of sessions) {
    const own = contributions.filter((c) => c.sessionId === session.id);
    if (!session.poster) {
      own.forEach((c, i) => {
        const next = own[i + 1];
        const early = session.startsAt - c.startsAt;
        const late = next ? c.endsAt - next.startsAt : 0;
        const over = Math.max(early, late);
        if (over > 0) found.push({ kind: 'slot', minutes: minutesOf(over), sessionIds: [session.id], contributionIds: [c.id] });
      });
    }
    const past = own.filter((c) => c.endsAt > session.endsAt);
    if (past.length > 0) {
      const last = Math.max(...past.map((c) => c.endsAt));
      found.push({
        kind: 'overrun',
        minutes: minutesOf(last - session.endsAt),
        sessionIds: [session.id],
        contributionIds: past.map((c) => c.id),
      });
    }
  }
  return found;
}

/**
 * Every conflict of the placed part of a draft. `contributions` are those of placed sessions, in each session's
 * running order.
 */
export function findConflicts(sessions: ConflictSession[], contributions: ConflictContribution[]): ProgrammeConflict[] {
  return [...personConflicts(sessions, contributions), ...roomConflicts(sessions), ...timeConflicts(sessions, contributions)];
}
