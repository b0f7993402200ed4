import { listPages } from '@/lib/cms/pages';
import { route } from '@/lib/http/route';

/** This conference's pages (organisers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listPages(db, conference.id));
