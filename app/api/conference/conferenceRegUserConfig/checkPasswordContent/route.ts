import { z } from 'zod';
import { checkPasswordPair } from '@/lib/accounts/check-password';
import { ZLogin } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Checks an address and password pair without signing in (a wrong pair counts as a failed login). */
export const POST = route({ body: z.object({ data: ZLogin }) }, async ({ db, body, ip }) => ({
  result: await checkPasswordPair(db, { ...body.data, ip }),
}));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
