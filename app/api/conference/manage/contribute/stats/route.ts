import { route } from '@/lib/http/route';
import { submissionCountsBySessionAndStatus } from '@/lib/submissions/stats';

/** How many submissions each session holds in each state (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => submissionCountsBySessionAndStatus(db, conference.id));
