import { z } from 'zod';
import { deletePage } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';
import { ZId } from '@/lib/validation/primitives';

/** Deletes a page. */
export const DELETE = route({ auth: 'manager', query: z.object({ id: ZId }) }, async ({ db, conference, query }) => {
  await deletePage(db, conference.id, query.id);
  return { id: query.id };
});
