import { route } from '@/lib/http/route';
import { adminSubmissions } from '@/lib/submissions/admin-list';
import { ZAdminSubmissionQuery } from '@/lib/submissions/admin-list-params';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One page of the conference's submissions with the filters of the management screen (managers). */
export const GET = route({ auth: 'manager', query: ZAdminSubmissionQuery }, async ({ db, conference, query }) =>
  adminSubmissions(db, conference.id, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
