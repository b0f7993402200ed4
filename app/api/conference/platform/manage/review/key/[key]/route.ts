import { route } from '@/lib/http/route';
import { invitationByKey } from '@/lib/reviewers/activate';
import { ZInvitationKey } from '@/lib/reviewers/schemas';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The invitation behind a key (public): the form's data and what the caller must do to activate it
 * (`step`), or `used` for a used, replaced or unknown key.
 */
export const GET = route({}, async ({ db, conference, params, user }) => {
  const key = ZInvitationKey.safeParse(params.key);
  if (!key.success) return { state: 'used' as const };
  return invitationByKey(db, conference.id, key.data, user);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
