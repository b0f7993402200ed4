import { route } from '@/lib/http/route';
import { activeVersion } from '@/lib/registration/field-config';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The registration rule version new registrations use. */
export const GET = route({}, async ({ db, conference }) => ({ version: await activeVersion(db, conference.id) }));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
