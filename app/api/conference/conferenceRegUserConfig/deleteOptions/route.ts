import { z } from 'zod';
import { route } from '@/lib/http/route';
import { activeVersion, deleteCustomField } from '@/lib/registration/field-config';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Deletes a custom item (query id = its key). */
export const DELETE = route(
  { auth: 'manager', query: z.object({ id: z.string().min(1).max(40), version: z.string().max(30).optional() }) },
  async ({ db, conference, query }) => {
    await deleteCustomField(db, conference.id, query.id, query.version ?? (await activeVersion(db, conference.id)));
    return { deleted: query.id };
  },
);

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
