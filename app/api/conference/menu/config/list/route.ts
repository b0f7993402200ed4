import { listMenus } from '@/lib/cms/menus';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every menu item of this conference (organisers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listMenus(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
