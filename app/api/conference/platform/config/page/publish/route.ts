import { z } from 'zod';
import { setPublished } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';
import { ZId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Publishes or withdraws a page. */
export const POST = route({ auth: 'manager', body: z.object({ id: ZId, published: z.boolean() }) }, async ({ db, conference, body }) => {
  await setPublished(db, conference.id, body.id, body.published);
  return body;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
