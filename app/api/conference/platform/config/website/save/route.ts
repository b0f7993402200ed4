import { saveWebsiteSettings } from '@/lib/conferences/website-settings';
import { ZWebsiteConfig } from '@/lib/conferences/website-schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Saves the website config and the domains. */
export const POST = route({ auth: 'manager', body: ZWebsiteConfig }, async ({ db, conference, body }) => {
  await saveWebsiteSettings(db, conference.id, body);
  return { saved: true };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
