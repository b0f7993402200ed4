import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference } from '@/db/schema';

/** The conference's time zone, which the programme's days and times of day are read in. */
export async function conferenceTimeZone(tx: Executor, conferenceId: number): Promise<string> {
  const [row] = await tx.select({ timeZone: conference.timeZone }).from(conference).where(eq(conference.id, conferenceId));
  return row?.timeZone ?? 'Asia/Shanghai';
}
