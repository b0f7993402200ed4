import { fillSessionFromTheme } from '@/lib/programme/fill-from-theme';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { programmeId } from '@/lib/programme/route-ids';
import { ZFillFromTheme } from '@/lib/programme/schemas';

/** Fills a session with the accepted, not yet placed submissions of a theme of the call, in code order. */
export const POST = route({ auth: 'manager', changesSite: false, body: ZFillFromTheme }, async ({ db, conference, params, body }) =>
  fillSessionFromTheme(db, conference.id, programmeId(params.id, 'PROGRAMME_SESSION_NOT_FOUND'), body),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
