import { route } from '@/lib/http/route';
import { federationInfo } from '@/lib/oidc/federation-info';
import { otherMethods } from '@/lib/http/method-not-allowed';

/**
 * The federation information of the signed-in account (spec §7, a POST on /conference/conferenceUser):
 * the providers it signed in through (names, entityId) with the email and name they gave, and
 * isUmtUser (signed in through the central account system); used to prefill registration.
 */
export const POST = route({ auth: 'user' }, async ({ db, user }) => federationInfo(db, user.id));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
