import { z } from 'zod';
import { route } from '@/lib/http/route';
import { deleteRule } from '@/lib/registration/rule-versions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Deletes a rule version and its form; the version in use cannot be deleted. */
export const DELETE = route(
  { auth: 'manager', query: z.object({ version: z.string().min(1).max(30) }) },
  async ({ db, conference, query }) => {
    await deleteRule(db, conference.id, query.version);
    return { deleted: query.version };
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
