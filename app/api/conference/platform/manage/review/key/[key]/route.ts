import { route } from '@/lib/http/route';
import { invitationByKey } from '@/lib/reviewers/activate';
import { ZInvitationKey } from '@/lib/reviewers/schemas';

/** The invitation behind a key (public): the form's data, or `used` for a used, replaced or unknown key. */
export const GET = route({}, async ({ db, conference, params }) => {
  const key = ZInvitationKey.safeParse(params.key);
  if (!key.success) return { state: 'used' as const };
  return invitationByKey(db, conference.id, key.data);
});
