import { hashPassword } from 'better-auth/crypto';
import type { DB } from '@/db/client';
import { uniqueViolation } from '@/db/errors';
import { AppError } from '@/lib/http/app-error';
import { insertAccount } from './create-account';
import { checkEmailCode, consumeEmailCode } from './email-codes';
import { passwordWeakness } from './password-strength';
import { findUserByEmail } from './queries';
import type { SignUpInput } from './schemas';

/**
 * Creates an account from the sign-up form: the emailed code is used up, and the user, its
 * password credential and its profile are written in one transaction, so a failure leaves nothing.
 */
export async function registerAccount(db: DB, input: SignUpInput, ip: string | null = null): Promise<{ userId: string }> {
  const weakness = passwordWeakness(input.password, { email: input.email, name: input.name });
  if (weakness) throw new AppError('PASSWORD_WEAK', undefined, `validation.${weakness}`);
  if (await findUserByEmail(db, input.email)) throw new AppError('USER_EXISTS');
  const codeId = await checkEmailCode(db, { email: input.email, purpose: 'registerCode', code: input.code, ip });
  const passwordHash = await hashPassword(input.password);
  try {
    const userId = await db.transaction(async (tx) => {
      await consumeEmailCode(tx, codeId);
      return insertAccount(tx, { email: input.email, name: input.name, passwordHash });
    });
    return { userId };
  } catch (error) {
    if (uniqueViolation(error)) throw new AppError('USER_EXISTS');
    throw error;
  }
}
