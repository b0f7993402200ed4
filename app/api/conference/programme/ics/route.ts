import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZProgrammeIcsQuery } from '@/lib/programme/agenda-schemas';
import { programmeCalendarResponse, scopeOfQuery } from '@/lib/programme/programme-calendar';

/**
 * The published programme as a calendar file (issue 23 point 5), open to everyone:
 * `/api/conference/programme/ics` the whole programme, `?day=YYYY-MM-DD` one day, `?session=<id>` one session,
 * `?code=<programme code>` one contribution; `&lang=en` (or `zh`) for its language, else the caller's.
 */
export const GET = route({ published: true, query: ZProgrammeIcsQuery }, async ({ db, conference, locale, query }) => {
  const { scope, fileName } = scopeOfQuery(query);
  return programmeCalendarResponse(db, { conference, scope, locale: query.lang ?? locale, fileName });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
