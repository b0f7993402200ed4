import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeConfig } from '@/db/schema';

/**
 * Every change to a conference's programme draft runs in one transaction holding its `programme_config` row FOR
 * UPDATE (made on first use): changes of one conference's draft run one after another, so positions, generated
 * codes and the checks before a write see a settled draft. Conferences do not wait for each other.
 */
export async function lockProgramme(tx: Executor, conferenceId: number): Promise<{ showSlides: boolean }> {
  await tx.insert(programmeConfig).values({ conferenceId }).onConflictDoNothing({ target: programmeConfig.conferenceId });
  const [row] = await tx
    .select({ showSlides: programmeConfig.showSlides })
    .from(programmeConfig)
    .where(eq(programmeConfig.conferenceId, conferenceId))
    .for('update');
  return row;
}
