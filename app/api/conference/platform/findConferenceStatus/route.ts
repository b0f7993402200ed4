import { PUBLISHED } from '@/lib/conferences/status';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's status code ('4' = published). */
export const GET = route({}, async ({ conference }) => ({
  conferenceId: conference.id,
  status: conference.status,
  published: conference.status === PUBLISHED,
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
