import { z } from 'zod';
import { rolesFor } from '@/lib/auth/roles';
import { AppError } from '@/lib/http/app-error';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Whether an account (cstnetId = account id; default the caller) administers this conference. */
export const GET = route(
  { auth: 'user', query: z.object({ cstnetId: z.string().min(1).optional() }) },
  async ({ db, query, user, roles, conference }) => {
    const userId = query.cstnetId ?? user.id;
    if (userId !== user.id && !roles.manager && !roles.platformAdmin) throw new AppError('FORBIDDEN');
    const target = userId === user.id ? roles : await rolesFor(db, userId, conference.id);
    return { isAdmin: target.manager || target.platformAdmin, platformAdmin: target.platformAdmin };
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
