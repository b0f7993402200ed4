import { route } from '@/lib/http/route';
import { listRules } from '@/lib/registration/rule-versions';

/** Every rule version of this conference, the one in use marked. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listRules(db, conference.id));
