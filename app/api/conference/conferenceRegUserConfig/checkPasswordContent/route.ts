import { z } from 'zod';
import { getAuth } from '@/lib/auth/auth';
import { findCredentialAccount, findUserByEmail } from '@/lib/accounts/queries';
import { hitClientLimit, hitRateLimit, LIMITS } from '@/lib/accounts/rate-limit';
import { ZLogin } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';

/** Checks an address and password pair without signing in (counts against the login limit). */
export const POST = route({ body: z.object({ data: ZLogin }) }, async ({ db, body, ip }) => {
  const { email, password } = body.data;
  await hitRateLimit(db, `login:email:${email}`, LIMITS.login);
  await hitClientLimit(db, 'login', ip, { ...LIMITS.login, max: LIMITS.login.max * 5 });
  const existing = await findUserByEmail(db, email);
  const credential = existing ? await findCredentialAccount(db, existing.id) : null;
  if (!credential?.password) return { result: false };
  const ctx = await (await getAuth()).$context;
  return { result: await ctx.password.verify({ hash: credential.password, password }) };
});
