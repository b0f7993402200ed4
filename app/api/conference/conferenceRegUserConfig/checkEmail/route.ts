import { z } from 'zod';
import { findUserByEmail } from '@/lib/accounts/queries';
import { ZEmail } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';

/** Whether an account exists for the address (sign-up needs it absent, reset needs it present). */
export const GET = route({ query: z.object({ email: ZEmail }) }, async ({ db, query }) => ({
  exists: (await findUserByEmail(db, query.email)) !== null,
}));
