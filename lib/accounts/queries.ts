import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { account, user, userProfile } from '@/db/schema';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findCredentialAccount(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  return row ?? null;
}

export async function findProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({ user, profile: userProfile })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}
