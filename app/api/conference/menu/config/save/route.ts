import { ZMenuInput } from '@/lib/cms/menu-schemas';
import { saveMenu } from '@/lib/cms/menus';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Creates or changes a menu item. */
export const POST = route({ auth: 'manager', body: ZMenuInput }, async ({ db, conference, body }) => saveMenu(db, conference.id, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
