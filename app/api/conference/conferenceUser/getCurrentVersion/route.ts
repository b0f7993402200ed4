import { route } from '@/lib/http/route';
import { activeVersion } from '@/lib/registration/field-config';

/** The registration rule version new registrations use. */
export const GET = route({}, async ({ db, conference }) => ({ version: await activeVersion(db, conference.id) }));
