import { z } from 'zod';
import { deleteTemplate } from '@/lib/cms/templates';
import { route } from '@/lib/http/route';

/** Deletes a page template that no appearance draws with. */
export const DELETE = route(
  { auth: 'manager', query: z.object({ id: z.coerce.number().int().positive() }) },
  async ({ db, conference, query }) => {
    await deleteTemplate(db, conference.id, query.id);
    return { id: query.id };
  },
);
