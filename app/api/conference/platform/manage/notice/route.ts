import { route } from '@/lib/http/route';
import { createNotice, listNoticesForOrganiser } from '@/lib/notices/notices';
import { ZNoticeInput } from '@/lib/notices/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Every notice of the conference, drafts too, with how many registrants opened each. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listNoticesForOrganiser(db, conference.id));

/** Writes a new notice as a draft (publishing is its own call). */
export const POST = route({ auth: 'manager', body: ZNoticeInput, changesSite: false }, async ({ db, conference, user, body }) =>
  createNotice(db, conference.id, user.id, body),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
