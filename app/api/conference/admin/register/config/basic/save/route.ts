import { route } from '@/lib/http/route';
import { saveBasicConfig, ZBasicConfig } from '@/lib/registration/basic-config';

/** Saves the basic registration config (organisers only). */
export const POST = route({ auth: 'manager', body: ZBasicConfig }, async ({ db, conference, body }) => {
  await saveBasicConfig(db, conference.id, body);
  return { saved: true };
});
