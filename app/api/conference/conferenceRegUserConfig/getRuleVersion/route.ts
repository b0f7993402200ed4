import { route } from '@/lib/http/route';
import { listRules } from '@/lib/registration/rule-versions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every rule version of this conference, the one in use marked. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listRules(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
