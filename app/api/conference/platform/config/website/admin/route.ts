import { z } from 'zod';
import { addManager, removeManager } from '@/lib/conferences/website-settings';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Adds an administrator by email: a platform account that is not one yet. */
export const POST = route(
  { auth: 'manager', body: z.object({ email: z.string().trim().min(1, 'emailRequired').max(200) }) },
  async ({ db, conference, body }) => addManager(db, conference.id, body.email),
);

/** Removes an administrator (never the last one). */
export const DELETE = route(
  { auth: 'manager', query: z.object({ userId: z.string().min(1).max(100) }) },
  async ({ db, conference, query }) => {
    await removeManager(db, conference.id, query.userId);
    return { removed: query.userId };
  },
);

export const { GET, PUT, PATCH } = otherMethods('POST', 'DELETE');
