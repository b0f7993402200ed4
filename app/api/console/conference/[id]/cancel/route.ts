import { cancelPublication } from '@/lib/conferences/lifecycle';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Takes one of my conferences off line, back to not published (the service checks I manage it). */
export const POST = route({ auth: 'user', changesSite: true }, async ({ db, user, params }) => {
  await cancelPublication(db, { conferenceId: idParam(params.id), userId: user.id });
  return { status: '1' };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
