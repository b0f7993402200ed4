import { pendingRequests } from '@/lib/conferences/lifecycle';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Pending publication requests (platform administrators). */
export const GET = route({ auth: 'platformAdmin' }, async ({ db }) => pendingRequests(db));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
