import { route } from '@/lib/http/route';
import { findBasicConfig } from '@/lib/registration/basic-config';

/** The basic registration config (organisers only). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => findBasicConfig(db, conference.id));
