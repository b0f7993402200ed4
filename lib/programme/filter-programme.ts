import {
  PROGRAMME_SESSION_TYPES,
  type ProgrammeSessionType,
  type ProgrammeSnapshot,
  type ProgrammeSnapshotContribution,
  type ProgrammeSnapshotSession,
} from '@/db/schema';
import type { ProgrammeFilters } from './programme-params';
import { snapshotDay } from './snapshot-time';

export { parseProgrammeFilters, programmeQuery, type ProgrammeFilters } from './programme-params';

/** Whether any filter beyond the day is set. */
export function filtering(filters: ProgrammeFilters): boolean {
  return filters.themeId !== null || filters.roomId !== null || filters.type !== null || filters.q !== '';
}

/** The day shown: the one asked for when the programme has it, 'all', else the first day. */
export function shownDay(snapshot: ProgrammeSnapshot, filters: ProgrammeFilters): string | 'all' | null {
  if (filters.day === 'all') return 'all';
  if (filters.day && snapshot.days.some((d) => d.date === filters.day)) return filters.day;
  return snapshot.days[0]?.date ?? null;
}

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

function contributionText(c: ProgrammeSnapshotContribution): string {
  return [c.code, c.title.zh, c.title.en, ...c.keywords, ...c.authors.map((a) => a.name), ...c.affiliations].join('\n');
}

/**
 * The sessions of the shown day that pass the filters, each with the contributions that do: a theme, room or type
 * keeps whole sessions (a session for every room stays under a room filter); a search keeps the contributions whose
 * code, title, keywords, authors or affiliations contain it, or a whole session whose title does.
 */
export function filterProgramme(snapshot: ProgrammeSnapshot, filters: ProgrammeFilters): ProgrammeSnapshotSession[] {
  const day = shownDay(snapshot, filters);
  const needle = filters.q ? fold(filters.q) : '';
  const out: ProgrammeSnapshotSession[] = [];
  for (const session of snapshot.sessions) {
    if (day !== 'all' && snapshotDay(session.startsAt) !== day) continue;
    if (filters.themeId !== null && session.themeId !== filters.themeId) continue;
    if (filters.roomId !== null && session.roomId !== null && session.roomId !== filters.roomId) continue;
    if (filters.type !== null && session.type !== filters.type) continue;
    if (!needle) {
      out.push(session);
      continue;
    }
    if (fold(`${session.title.zh}\n${session.title.en}`).includes(needle)) {
      out.push(session);
      continue;
    }
    const contributions = session.contributions.filter((c) => fold(contributionText(c)).includes(needle));
    if (contributions.length) out.push({ ...session, contributions });
  }
  return out;
}

/** The themes the programme's sessions come from, once each, for the theme filter. */
export function programmeThemes(snapshot: ProgrammeSnapshot): Array<{ id: number; name: ProgrammeSnapshotSession['theme'] }> {
  const seen = new Map<number, ProgrammeSnapshotSession['theme']>();
  for (const s of snapshot.sessions) if (s.themeId !== null && !seen.has(s.themeId)) seen.set(s.themeId, s.theme);
  return [...seen.entries()].map(([id, name]) => ({ id, name }));
}

/** The session types present in the programme, in their canonical order, for the type filter. */
export function programmeTypes(snapshot: ProgrammeSnapshot): ProgrammeSessionType[] {
  const present = new Set(snapshot.sessions.map((s) => s.type));
  return PROGRAMME_SESSION_TYPES.filter((t) => present.has(t));
}

/** A contribution of the snapshot by its code, with its session. */
export function findContribution(snapshot: ProgrammeSnapshot, code: string) {
  for (const session of snapshot.sessions) {
    const contribution = session.contributions.find((c) => c.code === code);
    if (contribution) return { session, contribution };
  }
  return null;
}
