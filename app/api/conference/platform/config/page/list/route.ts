import { listPages } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** This conference's pages (organisers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listPages(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
