import { z } from 'zod';
import { disciplineList } from '@/lib/conferences/disciplines';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** The discipline categories in the asked language. */
export const GET = route({ query: z.object({ lang: z.enum(['zh', 'en']).optional() }) }, async ({ query, locale }) =>
  disciplineList(query.lang ?? locale),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
