import { route } from '@/lib/http/route';
import { saveRule, ZRule } from '@/lib/registration/rule-versions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates or changes a registration rule version (a new one starts with a copy of the form in use). */
export const POST = route({ auth: 'manager', body: ZRule }, async ({ db, conference, body }) => saveRule(db, conference.id, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
