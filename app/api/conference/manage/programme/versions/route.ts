import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { listProgrammeVersions } from '@/lib/programme/published-versions';

/** The published versions of the programme, newest first: number, when, by whom, how many changes. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => listProgrammeVersions(db, { conferenceId: conference.id }));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
