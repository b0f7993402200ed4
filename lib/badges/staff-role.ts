/**
 * The conference_member role of a conference's check-in staff (issue 24 point 3, lib/auth/roles.ts reads it as
 * `roles.checkin`): their badges say "staff".
 */
export const STAFF_MEMBER_ROLE = 'checkin';
