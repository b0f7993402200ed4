import { route } from '@/lib/http/route';
import { findWebsiteSettings, listManagers } from '@/lib/conferences/website-settings';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The website config as the organiser edits it, with the banner, status and administrators. */
export const GET = route({ auth: 'manager' }, async ({ db, conference }) => {
  const [settings, managers] = await Promise.all([findWebsiteSettings(db, conference), listManagers(db, conference.id)]);
  return { ...settings, banner: conference.banner, status: conference.status, managers };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
