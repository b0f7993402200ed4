import { z } from 'zod';
import { getAuth } from '@/lib/auth/auth';
import { checkLoginAttempt } from '@/lib/accounts/login-attempts';
import { findCredentialAccount, findUserByEmail } from '@/lib/accounts/queries';
import { ZLogin } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';

/** Checks an address and password pair without signing in (a wrong pair counts as a failed login). */
export const POST = route({ body: z.object({ data: ZLogin }) }, async ({ db, body, ip }) => {
  const { email, password } = body.data;
  const right = await checkLoginAttempt(db, { email, ip }, async () => {
    const existing = await findUserByEmail(db, email);
    const credential = existing ? await findCredentialAccount(db, existing.id) : null;
    if (!credential?.password) return null;
    const ctx = await (await getAuth()).$context;
    return (await ctx.password.verify({ hash: credential.password, password })) ? true : null;
  });
  return { result: right === true };
});
