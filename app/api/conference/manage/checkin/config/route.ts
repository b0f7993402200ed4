import { otherMethods } from '@/lib/http/method-not-allowed';
import { route } from '@/lib/http/route';
import { readCheckinConfig, saveCheckinConfig } from '@/lib/onsite/config';
import { ZCheckinConfig } from '@/lib/onsite/schemas';

/** This conference's check-in settings (managers). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => readCheckinConfig(db, { conferenceId: conference.id }));

/** Turns the door's contact search (by email and phone, showing what matched) on or off. */
export const POST = route({ auth: 'manager', body: ZCheckinConfig, changesSite: false }, async ({ db, conference, body }) =>
  saveCheckinConfig(db, { conferenceId: conference.id, contactSearch: body.contactSearch }),
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
