import { route } from '@/lib/http/route';
import { saveBasicConfig } from '@/lib/registration/basic-config';
import { ZBasicConfig } from '@/lib/registration/basic-config-schema';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Saves the basic registration config (organisers only). */
export const POST = route({ auth: 'manager', body: ZBasicConfig }, async ({ db, conference, body }) => {
  await saveBasicConfig(db, conference.id, body);
  return { saved: true };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
