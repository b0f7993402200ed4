import { route } from '@/lib/http/route';
import { declareConflictFor } from '@/lib/review/declare-conflict';
import { ZManagerConflict } from '@/lib/review/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** A manager records a conflict of interest between a reviewer and a submission. */
export const POST = route({ auth: 'manager', body: ZManagerConflict, changesSite: false }, async ({ db, conference, user, body }) => {
  await declareConflictFor(db, conference.id, body, user.id);
  return { ok: true };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
