import { z } from 'zod';
import { route } from '@/lib/http/route';
import { useRule } from '@/lib/registration/rule-versions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Makes a saved rule version the one new registrations use. */
export const POST = route({ auth: 'manager', body: z.object({ version: z.string().min(1).max(30) }) }, async ({ db, conference, body }) => {
  await useRule(db, conference.id, body.version);
  return { version: body.version };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
