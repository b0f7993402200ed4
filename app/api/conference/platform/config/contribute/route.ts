import { route } from '@/lib/http/route';
import { callForPapers, saveCallConfig } from '@/lib/submissions/config';
import { ZCallConfig } from '@/lib/submissions/config-schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The call for papers as managers edit it: its settings, `used`, and the session tree. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => callForPapers(db, conference.id));

/** Saves the call's settings (never `used`; the cap not below it). */
export const POST = route({ auth: 'manager', body: ZCallConfig }, async ({ db, conference, body }) =>
  saveCallConfig(db, conference.id, body),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
