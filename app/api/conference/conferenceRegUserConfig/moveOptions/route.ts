import { z } from 'zod';
import { route } from '@/lib/http/route';
import { activeVersion, moveField } from '@/lib/registration/field-config';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Moves an item one place up or down in the form. */
export const POST = route(
  {
    auth: 'manager',
    body: z.object({ key: z.string().max(40), direction: z.enum(['up', 'down']), version: z.string().max(30).optional() }),
  },
  async ({ db, conference, body }) => {
    await moveField(db, conference.id, body.key, body.direction, body.version ?? (await activeVersion(db, conference.id)));
    return { moved: body.key };
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
