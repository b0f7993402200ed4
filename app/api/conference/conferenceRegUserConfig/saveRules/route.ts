import { route } from '@/lib/http/route';
import { saveRule, ZRule } from '@/lib/registration/rule-versions';

/** Creates or changes a registration rule version (a new one starts with a copy of the form in use). */
export const POST = route({ auth: 'manager', body: ZRule }, async ({ db, conference, body }) => saveRule(db, conference.id, body));
