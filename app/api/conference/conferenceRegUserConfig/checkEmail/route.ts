import { z } from 'zod';
import { isEmailRegistered } from '@/lib/accounts/check-email';
import { ZEmail } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';
import { otherMethods } from '@/lib/http/method-not-allowed';

/** Whether an account exists for the address (sign-up needs it absent, reset needs it present); limited per client. */
export const GET = route({ query: z.object({ email: ZEmail }) }, async ({ db, query, ip }) => ({
  exists: await isEmailRegistered(db, { email: query.email, ip }),
}));

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
