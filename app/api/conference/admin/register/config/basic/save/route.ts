import { route } from '@/lib/http/route';
import { saveBasicConfig } from '@/lib/registration/basic-config';
import { ZBasicConfig } from '@/lib/registration/basic-config-schema';

/** Saves the basic registration config (organisers only). */
export const POST = route({ auth: 'manager', body: ZBasicConfig }, async ({ db, conference, body }) => {
  await saveBasicConfig(db, conference.id, body);
  return { saved: true };
});
