import { eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { user, userProfile } from '@/db/schema';
import type { ProfileInput } from './schemas';

/** Saves the personal information of /profile/userInfo/Edit; the name lives on the account. */
export async function updateProfile(db: DB, userId: string, input: ProfileInput): Promise<void> {
  const { name, ...profile } = input;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(user).set({ name, updatedAt: now }).where(eq(user.id, userId));
    await tx
      .insert(userProfile)
      .values({ userId, ...profile, updatedAt: now })
      .onConflictDoUpdate({ target: userProfile.userId, set: { ...profile, updatedAt: now } });
  });
}
