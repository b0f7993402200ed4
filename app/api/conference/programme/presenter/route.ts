import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZPresenterAnswer } from '@/lib/programme/agenda-schemas';
import { answerPresenter } from '@/lib/programme/presenter-slot';

/** The presenter of a published contribution confirms they will present it, or withdraws (`{contributionId, state}`). */
export const POST = route({ auth: 'user', published: true, body: ZPresenterAnswer }, async ({ db, conference, user, body }) => {
  await answerPresenter(db, { conferenceId: conference.id, presenter: user, contributionId: body.contributionId, state: body.state });
  return { state: body.state };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
