import { listAppearances } from '@/lib/cms/appearances';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conference's appearances, the active one first. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listAppearances(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
