import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { ZSessionUpdate } from '@/lib/submissions/config-schemas';
import { deleteSession, updateSession } from '@/lib/submissions/sessions';
import { parseId } from '@/lib/validation/primitives';
import { otherMethods } from '@/lib/http/method-not-allowed';

function sessionId(raw: string | undefined): number {
  const id = parseId(raw);
  if (id === null) throw new AppError('SUBMISSION_SESSION_NOT_FOUND');
  return id;
}

/** Renames a session of this conference (names and prefix). */
export const PUT = route({ auth: 'manager', body: ZSessionUpdate }, async ({ db, conference, params, body }) =>
  updateSession(db, conference.id, sessionId(params.id), body),
);

/** Deletes a session without sub-sessions and without submissions. */
export const DELETE = route({ auth: 'manager' }, async ({ db, conference, params }) =>
  deleteSession(db, conference.id, sessionId(params.id)),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
