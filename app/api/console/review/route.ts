import { pendingRequests } from '@/lib/conferences/lifecycle';
import { route } from '@/lib/http/route';

/** Pending publication requests (platform administrators). */
export const GET = route({ auth: 'platformAdmin' }, async ({ db }) => pendingRequests(db));
