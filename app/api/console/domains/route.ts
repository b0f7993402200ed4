import { pendingDomains } from '@/lib/conferences/domains';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Conference domains waiting for approval (platform administrators). */
export const GET = route({ auth: 'platformAdmin' }, async ({ db }) => pendingDomains(db));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
