import { route } from '@/lib/http/route';
import { findBasicConfig } from '@/lib/registration/basic-config';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The basic registration config (organisers only). */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => findBasicConfig(db, conference.id));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
