import { z } from 'zod';
import { deletePage } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';

/** Deletes a page. */
export const DELETE = route(
  { auth: 'manager', query: z.object({ id: z.coerce.number().int().positive() }) },
  async ({ db, conference, query }) => {
    await deletePage(db, conference.id, query.id);
    return { id: query.id };
  },
);
