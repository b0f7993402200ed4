import { randomUUID } from 'node:crypto';
import type { Executor } from '@/db/client';
import { account, user, userProfile } from '@/db/schema';

/** Writes an account's rows (user, password credential, empty profile); run it inside a transaction. */
export async function insertAccount(tx: Executor, input: { email: string; name: string; passwordHash: string }): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  await tx.insert(user).values({ id: userId, name: input.name, email: input.email.toLowerCase(), emailVerified: true, createdAt: now, updatedAt: now });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: input.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(userProfile).values({ userId });
  return userId;
}

/**
 * Writes an account without a password for someone an organiser registers on their behalf (user
 * and empty profile); its owner sets a password through "forgot password". Run it in a transaction.
 */
export async function insertPasswordlessAccount(tx: Executor, input: { email: string; name: string }): Promise<string> {
  const userId = randomUUID();
  const now = new Date();
  await tx.insert(user).values({ id: userId, name: input.name, email: input.email.toLowerCase(), emailVerified: false, createdAt: now, updatedAt: now });
  await tx.insert(userProfile).values({ userId });
  return userId;
}
