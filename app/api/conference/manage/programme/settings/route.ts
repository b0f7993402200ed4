import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZProgrammeSettings } from '@/lib/programme/schemas';
import { setProgrammeSettings } from '@/lib/programme/settings';

/** Whether presenters' slides appear on the public programme (the public pages change: the page cache is dropped). */
export const PUT = route({ auth: 'manager', body: ZProgrammeSettings }, async ({ db, conference, body }) =>
  setProgrammeSettings(db, conference.id, body),
);

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
