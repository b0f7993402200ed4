import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { ZSessionMove } from '@/lib/submissions/config-schemas';
import { moveSession } from '@/lib/submissions/sessions';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Moves a session (with its sub-sessions) under another parent or to another place among its siblings. */
export const POST = route({ auth: 'manager', body: ZSessionMove }, async ({ db, conference, params, body }) => {
  const id = parseId(params.id);
  if (id === null) throw new AppError('SUBMISSION_SESSION_NOT_FOUND');
  return moveSession(db, conference.id, id, body);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
