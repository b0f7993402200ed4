import { AppError } from '@/lib/http/app-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { agendaFeedOwner } from '@/lib/programme/agenda-feed';
import { ZFeedQuery } from '@/lib/programme/agenda-schemas';
import { programmeCalendarResponse } from '@/lib/programme/programme-calendar';
import { myStarredIds } from '@/lib/programme/stars';

/**
 * A participant's "my agenda" as a calendar subscription: `/api/conference/programme/feed/<token>.ics` (`?lang=en`
 * for English), the starred contributions as the latest published version places them. The secret address is the
 * only credential (calendar apps send no session); a replaced or stopped address answers 404.
 */
export const GET = route({ published: true, query: ZFeedQuery }, async ({ db, conference, locale, query, params }) => {
  const token = (params.token ?? '').replace(/\.ics$/, '');
  const userId = await agendaFeedOwner(db, { conferenceId: conference.id, token });
  if (!userId) throw new AppError('NOT_FOUND');
  const ids = await myStarredIds(db, { conferenceId: conference.id, userId });
  return programmeCalendarResponse(db, { conference, scope: { kind: 'contributions', ids }, locale: query.lang ?? locale, fileName: null });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
