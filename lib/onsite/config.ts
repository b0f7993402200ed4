import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { checkinConfig } from '@/db/schema';

export type CheckinConfig = { contactSearch: boolean };

/** A conference's check-in settings; every one off until the organiser turns it on. */
export async function readCheckinConfig(db: Executor, { conferenceId }: { conferenceId: number }): Promise<CheckinConfig> {
  const [row] = await db
    .select({ contactSearch: checkinConfig.contactSearch })
    .from(checkinConfig)
    .where(eq(checkinConfig.conferenceId, conferenceId));
  return { contactSearch: row?.contactSearch ?? false };
}

/** Saves a conference's check-in settings (the organiser's switches on the check-in setup screen). */
export async function saveCheckinConfig(
  db: Executor,
  { conferenceId, contactSearch }: { conferenceId: number } & CheckinConfig,
): Promise<CheckinConfig> {
  await db
    .insert(checkinConfig)
    .values({ conferenceId, contactSearch })
    .onConflictDoUpdate({ target: checkinConfig.conferenceId, set: { contactSearch, updatedAt: new Date() } });
  return { contactSearch };
}
