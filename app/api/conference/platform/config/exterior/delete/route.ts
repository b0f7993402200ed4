import { z } from 'zod';
import { deleteAppearance } from '@/lib/cms/appearances';
import { route } from '@/lib/http/route';
import { ZId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Deletes an appearance, unless it is the one in use. */
export const DELETE = route({ auth: 'manager', query: z.object({ id: ZId }) }, async ({ db, conference, query }) => {
  await deleteAppearance(db, conference.id, query.id);
  return { id: query.id };
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
