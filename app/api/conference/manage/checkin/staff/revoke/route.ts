import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZCheckinStaffRevoke } from '@/lib/onsite/schemas';
import { revokeCheckinStaff } from '@/lib/onsite/staff';

/** A manager takes the check-in staff role back (past check-ins stay theirs). */
export const POST = route({ auth: 'manager', body: ZCheckinStaffRevoke, changesSite: false }, async ({ db, conference, body }) =>
  revokeCheckinStaff(db, { conferenceId: conference.id, userId: body.userId }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
