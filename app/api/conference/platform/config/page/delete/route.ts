import { z } from 'zod';
import { deletePage } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';
import { ZId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Deletes a page. */
export const DELETE = route({ auth: 'manager', query: z.object({ id: ZId }) }, async ({ db, conference, query }) => {
  await deletePage(db, conference.id, query.id);
  return { id: query.id };
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
