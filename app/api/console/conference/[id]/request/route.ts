import { requestPublication } from '@/lib/conferences/lifecycle';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Asks the platform to publish one of my conferences (the service checks I manage that id). */
export const POST = route({ auth: 'user' }, async ({ db, user, params, locale }) =>
  requestPublication(db, { conferenceId: idParam(params.id), userId: user.id, locale }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
