import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { findProgrammeVersion } from '@/lib/programme/published-versions';

/** One published version: its snapshot (the timetable as it was) and its change list. */
export const GET = route({ auth: 'manager' }, async ({ db, conference, params }) =>
  findProgrammeVersion(db, { conferenceId: conference.id, number: params.number }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
