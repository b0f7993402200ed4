import { route } from '@/lib/http/route';
import { submissionCountsBySessionAndStatus } from '@/lib/submissions/stats';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** How many submissions each session holds in each state (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => submissionCountsBySessionAndStatus(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
