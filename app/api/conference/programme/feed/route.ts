import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { agendaFeedAddress, renewAgendaFeed, stopAgendaFeed } from '@/lib/programme/agenda-feed';
import { hostOf } from '@/lib/tenancy/context';

/**
 * The caller's "my agenda" subscription address (issue 23 point 5). POST makes a new secret address (the old one
 * answers 404 from then on) and answers it — the only time it is shown, since only its hash is kept; DELETE stops
 * the feed.
 */
export const POST = route({ auth: 'user', published: true }, async ({ req, db, conference, user, locale }) => {
  const token = await renewAgendaFeed(db, { conferenceId: conference.id, userId: user.id });
  const proto = (process.env.TRUST_PROXY === '1' && req.headers.get('x-forwarded-proto')) || req.nextUrl.protocol.replace(':', '');
  return agendaFeedAddress(`${proto}://${hostOf(req.headers) ?? req.nextUrl.host}`, token, locale);
});

export const DELETE = route({ auth: 'user', published: true }, async ({ db, conference, user }) => {
  await stopAgendaFeed(db, { conferenceId: conference.id, userId: user.id });
  return null;
});

export const { GET, PUT, PATCH } = otherMethods('POST', 'DELETE');
