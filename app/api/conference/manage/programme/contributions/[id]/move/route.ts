import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { moveContribution } from '@/lib/programme/move-contribution';
import { programmeId } from '@/lib/programme/route-ids';
import { ZMoveContribution } from '@/lib/programme/schemas';

/** Moves a contribution into a session at a position (or back among the unplaced). */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZMoveContribution }, async ({ db, conference, params, body }) =>
  moveContribution(db, conference.id, programmeId(params.id, 'PROGRAMME_CONTRIBUTION_NOT_FOUND'), body),
);

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
