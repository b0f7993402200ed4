import { eq } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeConfig } from '@/db/schema';
import { lockProgramme } from './lock';
import { ZProgrammeSettings } from './schemas';

/** Whether presenters' slides and posters appear on the contributions' public pages. */
export async function setProgrammeSettings(db: DB, conferenceId: number, raw: { showSlides: boolean }): Promise<{ showSlides: boolean }> {
  const input = ZProgrammeSettings.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    await tx
      .update(programmeConfig)
      .set({ showSlides: input.showSlides, updatedAt: new Date() })
      .where(eq(programmeConfig.conferenceId, conferenceId));
    return { showSlides: input.showSlides };
  });
}
