import { listTemplates } from '@/lib/cms/templates';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's page templates (without their HTML and stylesheet), with how many appearances draw with each. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listTemplates(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
