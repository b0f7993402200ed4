import type { Executor } from '@/db/client';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { AppError } from '@/lib/http/app-error';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { buildProgrammeCalendar, calendarResponse, type CalendarScope } from './calendar';
import type { ProgrammeIcsQuery } from './agenda-schemas';
import { latestProgrammeVersion } from './published-programme';

type ConferenceRef = { id: number; title: LocalizedText };

/** The .ics of a scope of the latest published programme as a response; NOT_FOUND before the first version. */
export async function programmeCalendarResponse(
  db: Executor,
  input: { conference: ConferenceRef; scope: CalendarScope; locale: Locale; fileName: string | null },
): Promise<Response> {
  const programme = await latestProgrammeVersion(db, { conferenceId: input.conference.id });
  if (!programme) throw new AppError('NOT_FOUND');
  const t = serverTranslator(input.locale, 'programmeAgenda');
  const ics = buildProgrammeCalendar({
    conferenceId: input.conference.id,
    programme,
    scope: input.scope,
    locale: input.locale,
    origin: await siteOrigin(db, input.conference.id),
    labels: {
      calendarName: t('calendarName', { conference: localized(input.conference.title, input.locale) }),
      board: t('board'),
      session: t('session'),
    },
  });
  return calendarResponse(ics, input.fileName);
}

/** The scope and file name a public calendar address asks for (`?day=`, `?session=`, `?code=`, or nothing). */
export function scopeOfQuery(query: ProgrammeIcsQuery): { scope: CalendarScope; fileName: string } {
  if (query.day) return { scope: { kind: 'day', day: query.day }, fileName: `programme-${query.day}.ics` };
  if (query.session) return { scope: { kind: 'session', sessionId: query.session }, fileName: `programme-session-${query.session}.ics` };
  if (query.code) return { scope: { kind: 'contribution', code: query.code }, fileName: `programme-${query.code}.ics` };
  return { scope: { kind: 'all' }, fileName: 'programme.ics' };
}
