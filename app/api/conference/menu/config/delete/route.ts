import { z } from 'zod';
import { deleteMenu } from '@/lib/cms/menus';
import { route } from '@/lib/http/route';

/** Deletes a menu item without children. */
export const DELETE = route(
  { auth: 'manager', query: z.object({ id: z.coerce.number().int().positive() }) },
  async ({ db, conference, query }) => {
    await deleteMenu(db, conference.id, query.id);
    return { id: query.id };
  },
);
