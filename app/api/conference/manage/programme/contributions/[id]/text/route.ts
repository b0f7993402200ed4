import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { updateHandContributionText } from '@/lib/programme/edit-contribution-text';
import { programmeId } from '@/lib/programme/route-ids';
import { ZHandContributionText } from '@/lib/programme/schemas';

/**
 * Changes a hand-added contribution's kind, title, abstract and speakers (body: ZHandContributionText, the add form's
 * values without the length, which is a setting: PUT ../). A contribution from a submission is refused (409
 * PROGRAMME_CONTRIBUTION_FROM_SUBMISSION): its text is the submission's.
 */
export const PUT = route({ auth: 'manager', changesSite: false, body: ZHandContributionText }, async ({ db, conference, params, body }) =>
  updateHandContributionText(db, conference.id, programmeId(params.id, 'PROGRAMME_CONTRIBUTION_NOT_FOUND'), body),
);

export const { GET, POST, PATCH, DELETE } = otherMethods('PUT');
