import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, type ICalEventData } from 'ical-generator';
import type { ProgrammeSnapshotContribution, ProgrammeSnapshotSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { fileResponse } from '@/lib/http/download';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import { startOfDayIn } from '@/lib/i18n/zone';
import { placedContributions, roomOf, type PublishedProgramme } from './published-programme';

/**
 * The programme's calendars (issue 23 point 5), built with ical-generator from a published version:
 * - every event carries the programme's time zone (`DTSTART;TZID=…` with its VTIMEZONE from @touch4it/ical-timezones,
 *   and X-WR-TIMEZONE for Google), so Apple, Google and Outlook show the same wall-clock times; a zone without a
 *   VTIMEZONE falls back to UTC times;
 * - a contribution's UID is `programme-<conference>-contribution-<id>@confhub` and a session's
 *   `programme-<conference>-session-<id>@confhub`: the same in every version, so a calendar that subscribed updates the
 *   event instead of adding another; SEQUENCE is the version number, LAST-MODIFIED and DTSTAMP its publication;
 * - location: the room (and a poster's board), description: authors and the start of the abstract, URL: the
 *   contribution's page `/programme/<code>` (`/en/programme/<code>` in English).
 */

export type CalendarScope =
  | { kind: 'all' }
  | { kind: 'day'; day: string }
  | { kind: 'session'; sessionId: number }
  | { kind: 'contribution'; code: string }
  | { kind: 'contributions'; ids: number[] };

export type CalendarLabels = { calendarName: string; board: string; session: string };

export type CalendarInput = {
  conferenceId: number;
  programme: PublishedProgramme;
  scope: CalendarScope;
  locale: Locale;
  /** The site's origin (https://host), for the contributions' pages. */
  origin: string;
  labels: CalendarLabels;
};

const ABSTRACT_CHARS = 600;

function uid(conferenceId: number, what: 'contribution' | 'session', id: number): string {
  return `programme-${conferenceId}-${what}-${id}@confhub`;
}

function shorten(text: string, max: number): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

function contributionDescription(c: ProgrammeSnapshotContribution, session: ProgrammeSnapshotSession, input: CalendarInput): string {
  const authors = c.authors.map((a) => (a.presenter ? `${a.name}*` : a.name)).join(', ');
  const lines = [authors, `${input.labels.session}: ${localized(session.title, input.locale)}`];
  const abstract = shorten(localized(c.abstract, input.locale), ABSTRACT_CHARS);
  if (abstract) lines.push('', abstract);
  return lines.filter((line, i) => line !== '' || i > 0).join('\n');
}

/** The wall-clock of `iso` in `zone` (a Date whose getters read that zone, which ical-generator writes with TZID). */
function inZone(iso: string, zone: string | null): Date {
  const at = new Date(iso);
  return zone ? new TZDate(at.getTime(), zone) : at;
}

/** Which sessions and contributions a scope takes; NOT_FOUND when it names nothing of the programme. */
function select(input: CalendarInput): { sessions: ProgrammeSnapshotSession[]; contributions: ReturnType<typeof placedContributions> } {
  const { snapshot } = input.programme;
  const placed = placedContributions(snapshot);
  const lonely = (s: ProgrammeSnapshotSession) => s.contributions.length === 0;
  const scope = input.scope;
  switch (scope.kind) {
    case 'all':
      return { sessions: snapshot.sessions.filter(lonely), contributions: placed };
    case 'day': {
      if (!snapshot.days.some((d) => d.date === scope.day)) throw new AppError('NOT_FOUND');
      const from = startOfDayIn(scope.day, snapshot.timeZone).getTime();
      const to = startOfDayIn(scope.day, snapshot.timeZone, 1).getTime();
      const within = (iso: string) => {
        const t = new Date(iso).getTime();
        return t >= from && t < to;
      };
      return {
        sessions: snapshot.sessions.filter((s) => lonely(s) && within(s.startsAt)),
        contributions: placed.filter((p) => within(p.contribution.startsAt)),
      };
    }
    case 'session': {
      const session = snapshot.sessions.find((s) => s.id === scope.sessionId);
      if (!session) throw new AppError('NOT_FOUND');
      return { sessions: [session], contributions: [] };
    }
    case 'contribution': {
      const found = placed.filter((p) => p.contribution.code === scope.code);
      if (!found.length) throw new AppError('NOT_FOUND');
      return { sessions: [], contributions: found };
    }
    case 'contributions':
      return { sessions: [], contributions: placed.filter((p) => scope.ids.includes(p.contribution.id)) };
  }
}

/** The .ics text of a scope of a published programme. */
export function buildProgrammeCalendar(input: CalendarInput): string {
  const { snapshot, number, publishedAt } = input.programme;
  const vtimezone = getVtimezoneComponent(snapshot.timeZone);
  const zone = vtimezone ? snapshot.timeZone : null;
  const { sessions, contributions } = select(input);
  const calendar = new ICalCalendar({ name: input.labels.calendarName, prodId: { company: 'ConfHub', product: 'programme' } });
  if (zone) {
    calendar.timezone({ name: null, generator: getVtimezoneComponent });
    calendar.x('X-WR-TIMEZONE', zone);
  }
  const page = (path: string) => `${input.origin}${localePath(input.locale, path)}`;
  const common = (
    startsAt: string,
    endsAt: string,
  ): Pick<ICalEventData, 'start' | 'end' | 'timezone' | 'sequence' | 'stamp' | 'lastModified'> => ({
    start: inZone(startsAt, zone),
    end: inZone(endsAt, zone),
    timezone: zone,
    sequence: number,
    stamp: publishedAt,
    lastModified: publishedAt,
  });

  for (const session of sessions) {
    const room = roomOf(snapshot, session);
    const inside = session.contributions.map((c) => `${c.code} ${localized(c.title, input.locale)}`).join('\n');
    calendar.createEvent({
      ...common(session.startsAt, session.endsAt),
      id: uid(input.conferenceId, 'session', session.id),
      summary: localized(session.title, input.locale),
      location: room ? localized(room.name, input.locale) : null,
      description: [shorten(localized(session.description, input.locale), ABSTRACT_CHARS), inside].filter(Boolean).join('\n\n') || null,
      url: page('/programme'),
    });
  }
  for (const { contribution: c, session } of contributions) {
    const room = roomOf(snapshot, session);
    const where = [room ? localized(room.name, input.locale) : '', c.boardNumber ? `${input.labels.board} ${c.boardNumber}` : '']
      .filter(Boolean)
      .join(', ');
    calendar.createEvent({
      ...common(c.startsAt, c.endsAt),
      id: uid(input.conferenceId, 'contribution', c.id),
      summary: `${c.code} ${localized(c.title, input.locale)}`,
      location: where || null,
      description: contributionDescription(c, session, input),
      url: page(`/programme/${encodeURIComponent(c.code)}`),
    });
  }
  return calendar.toString();
}

/** A calendar as a file answer (the one file response): `text/calendar`, downloaded under `fileName`, or shown to a subscribing calendar (null). */
export function calendarResponse(ics: string, fileName: string | null): Response {
  return fileResponse(new TextEncoder().encode(ics), { mime: 'text/calendar; charset=utf-8', fileName });
}
