import { websiteConfig } from '@/lib/conferences/website-config';
import { route } from '@/lib/http/route';

/** The website configuration of the conference this host serves. */
export const GET = route({}, async ({ db, conference }) => websiteConfig(db, conference));
