import { decidePublication } from '@/lib/conferences/lifecycle';
import { ZDecision } from '@/lib/conferences/lifecycle-schemas';
import { idParam } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Approves or rejects (with a reason) a publication request (platform administrators). */
export const POST = route({ auth: 'platformAdmin', body: ZDecision }, async ({ db, user, params, body }) => {
  const requestId = idParam(params.requestId);
  await decidePublication(db, { requestId, adminId: user.id, decision: body });
  return { requestId };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
