import { z } from 'zod';
import { chooseAppearance } from '@/lib/cms/appearances';
import { route } from '@/lib/http/route';
import { ZId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Makes an appearance the one visitors see (null: the built-in look). */
export const POST = route({ auth: 'manager', body: z.object({ id: ZId.nullable() }) }, async ({ db, conference, body }) => {
  await chooseAppearance(db, conference.id, body.id);
  return { id: body.id };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
