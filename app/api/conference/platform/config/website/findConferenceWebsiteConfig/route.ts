import { websiteConfig } from '@/lib/conferences/website-config';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The website configuration of the conference this host serves. */
export const GET = route({}, async ({ db, conference }) => websiteConfig(db, conference));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
