import { closeConference } from '@/lib/conferences/lifecycle';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Closes one of my conferences (the service checks I manage it). */
export const POST = route({ auth: 'user', changesSite: true }, async ({ db, user, params }) => {
  await closeConference(db, { conferenceId: idParam(params.id), userId: user.id });
  return { status: '3' };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
