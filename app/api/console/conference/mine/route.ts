import { myConferences } from '@/lib/conferences/lifecycle';
import { route } from '@/lib/http/route';

/** The conferences the caller manages. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => myConferences(db, user.id));
