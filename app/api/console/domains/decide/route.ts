import { decideDomain } from '@/lib/conferences/domains';
import { ZDomainDecision } from '@/lib/conferences/website-schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Approves or rejects a conference domain (platform administrators); an approved one serves its conference at once. */
export const POST = route({ auth: 'platformAdmin', body: ZDomainDecision }, async ({ db, user, body }) => {
  await decideDomain(db, { domain: body.domain, approve: body.approve, adminId: user.id });
  return { domain: body.domain };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
