import { deleteContribution, updateContribution } from '@/lib/programme/edit-contribution';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { programmeId } from '@/lib/programme/route-ids';
import { ZContributionSettings } from '@/lib/programme/schemas';

/** Sets a contribution's duration, pinned start, board number and code. */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZContributionSettings }, async ({ db, conference, params, body }) =>
  updateContribution(db, conference.id, programmeId(params.id, 'PROGRAMME_CONTRIBUTION_NOT_FOUND'), body),
);

/** Removes a contribution from the draft. */
export const DELETE = route({ auth: 'manager', changesSite: false }, async ({ db, conference, params }) =>
  deleteContribution(db, conference.id, programmeId(params.id, 'PROGRAMME_CONTRIBUTION_NOT_FOUND')),
);

export const { GET, POST, PATCH } = otherMethods('PUT', 'DELETE');
