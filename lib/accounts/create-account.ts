import { randomUUID } from 'node:crypto';
import type { Executor } from '@/db/client';
import { account, user, userProfile } from '@/db/schema';

/**
 * Writes an account's rows (user, password credential, empty profile); run it inside a transaction.
 * Without a password hash (someone an organiser registers on their behalf) no credential is written
 * and the email stays unverified; its owner sets a password through "forgot password".
 */
export async function insertAccount(tx: Executor, input: { email: string; name: string; passwordHash: string | null }): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  await tx.insert(user).values({
    id: userId,
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: input.passwordHash !== null,
    createdAt: now,
    updatedAt: now,
  });
  if (input.passwordHash !== null) {
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: input.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  }
  await tx.insert(userProfile).values({ userId });
  return userId;
}
