import { listMenus } from '@/lib/cms/menus';
import { route } from '@/lib/http/route';

/** Every menu item of this conference (organisers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listMenus(db, conference.id));
