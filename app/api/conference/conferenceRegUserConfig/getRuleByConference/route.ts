import { z } from 'zod';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { findRule } from '@/lib/registration/rule-versions';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** One rule version (the one in use when none is named). */
export const GET = route(
  { auth: 'manager', query: z.object({ version: z.string().max(30).optional() }) },
  async ({ db, conference, query }) => {
    const rule = await findRule(db, conference.id, query.version);
    if (!rule) throw new AppError('NOT_FOUND');
    return rule;
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
