import { z } from 'zod';
import { PUBLISHED } from '@/lib/conferences/status';
import { findConferenceByHost } from '@/lib/tenancy/resolve-conference';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Basic facts of the conference a domain serves (default: the caller's host). */
export const GET = route({ query: z.object({ domain: z.string().max(253).optional() }) }, async ({ db, query, conference, roles }) => {
  const found = query.domain ? await findConferenceByHost(db, query.domain) : conference;
  // Another conference is only described once it is public.
  if (!found || (found.id !== conference.id && found.status !== PUBLISHED && !roles.platformAdmin)) throw new AppError('NOT_FOUND');
  return {
    conferenceId: found.id,
    slug: found.slug,
    title: found.title,
    shortTitle: found.shortTitle,
    languageType: found.languageType,
    status: found.status,
  };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
