import { myConferences } from '@/lib/conferences/lifecycle';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The conferences the caller manages. */
export const GET = route({ auth: 'user' }, async ({ db, user }) => myConferences(db, user.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
