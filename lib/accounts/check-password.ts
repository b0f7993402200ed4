import type { DB } from '@/db/client';
import { getAuth } from '@/lib/auth/auth';
import { checkLoginAttempt } from './login-attempts';
import { findCredentialAccount, findUserByEmail } from './queries';

/** Whether an address and password pair is right, without signing in; a wrong pair counts as a failed login. */
export async function checkPasswordPair(db: DB, input: { email: string; password: string; ip: string | null }): Promise<boolean> {
  const right = await checkLoginAttempt(db, { email: input.email, ip: input.ip }, async () => {
    const existing = await findUserByEmail(db, input.email);
    const credential = existing ? await findCredentialAccount(db, existing.id) : null;
    if (!credential?.password) return null;
    const ctx = await (await getAuth()).$context;
    return (await ctx.password.verify({ hash: credential.password, password: input.password })) ? true : null;
  });
  return right === true;
}
