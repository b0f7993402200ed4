import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZStarBody } from '@/lib/programme/agenda-schemas';
import { myStarredIds, starContribution, unstarContribution } from '@/lib/programme/stars';

/**
 * "My agenda" stars (issue 23 point 4). GET: whether the caller is signed in and the ids they starred (anyone may
 * ask: a visitor is told they are not signed in). POST `{contributionId}` stars a published contribution of this
 * conference, DELETE `{contributionId}` removes the caller's own star.
 */
export const GET = route({ published: true }, async ({ db, conference, user }) =>
  user ? { signedIn: true, ids: await myStarredIds(db, { conferenceId: conference.id, userId: user.id }) } : { signedIn: false, ids: [] },
);

export const POST = route({ auth: 'user', published: true, body: ZStarBody }, async ({ db, conference, user, body }) => {
  await starContribution(db, { conferenceId: conference.id, userId: user.id, contributionId: body.contributionId });
  return { starred: true };
});

export const DELETE = route({ auth: 'user', published: true, body: ZStarBody }, async ({ db, conference, user, body }) => {
  await unstarContribution(db, { conferenceId: conference.id, userId: user.id, contributionId: body.contributionId });
  return { starred: false };
});

export const { PUT, PATCH } = otherMethods('GET', 'POST', 'DELETE');
