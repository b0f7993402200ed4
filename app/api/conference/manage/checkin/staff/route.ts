import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { ZCheckinStaffGrant } from '@/lib/onsite/schemas';
import { grantCheckinStaff, listCheckinStaff } from '@/lib/onsite/staff';

/** This conference's check-in staff (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => ({
  staff: await listCheckinStaff(db, { conferenceId: conference.id }),
}));

/** A manager makes an existing account check-in staff of this conference, by its email. */
export const POST = route({ auth: 'manager', body: ZCheckinStaffGrant, changesSite: false }, async ({ db, conference, body }) =>
  grantCheckinStaff(db, { conferenceId: conference.id, email: body.email }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
