import { z } from 'zod';
import { archiveFee } from '@/lib/fees/fee-config';
import { route } from '@/lib/http/route';
import { ZId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Removes a fee from the offer (archived: its orders keep their item). */
export const DELETE = route({ auth: 'manager', query: z.object({ id: ZId }) }, async ({ db, conference, query }) => {
  await archiveFee(db, conference.id, query.id);
  return { id: query.id };
});

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
