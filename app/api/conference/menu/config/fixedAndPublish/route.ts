import { z } from 'zod';
import { publicMenus } from '@/lib/cms/menus';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The menu visitors see, in the asked language (published pages only). */
export const GET = route(
  { published: true, query: z.object({ lang: z.enum(['zh', 'en']).optional() }) },
  async ({ db, conference, query, locale }) => publicMenus(db, conference.id, query.lang ?? locale),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
