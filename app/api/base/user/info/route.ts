import { findProfile } from '@/lib/accounts/queries';
import { ZProfile } from '@/lib/accounts/schemas';
import { updateProfile } from '@/lib/accounts/update-profile';
import { isRegistered } from '@/lib/auth/roles';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The signed-in account's info, with allUsers.conferenceManage / conferenceReview for this conference. */
export const GET = route({ auth: 'user' }, async ({ db, user, roles, conference }) => {
  const found = await findProfile(db, user.id);
  if (!found) throw new AppError('UNAUTHENTICATED');
  return {
    id: found.user.id,
    email: found.user.email,
    name: found.user.name,
    profile: found.profile,
    registered: await isRegistered(db, conference.id, user.id),
    platformAdmin: roles.platformAdmin,
    allUsers: { conferenceManage: roles.manager, conferenceReview: roles.reviewer },
  };
});

export const PUT = route({ auth: 'user', body: ZProfile }, async ({ db, user, body }) => {
  await updateProfile(db, user.id, body);
  return { saved: true };
});

export const { POST, PATCH, DELETE } = otherMethods('GET', 'PUT');
