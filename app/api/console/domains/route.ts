import { pendingDomains } from '@/lib/conferences/domains';
import { route } from '@/lib/http/route';

/** Conference domains waiting for approval (platform administrators). */
export const GET = route({ auth: 'platformAdmin' }, async ({ db }) => pendingDomains(db));
