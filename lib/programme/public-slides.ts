import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeConfig, programmeContribution, uploadedFile } from '@/db/schema';
import { findContribution } from './filter-programme';
import { latestProgrammeVersion } from './published-programme';

export type PublicSlides = { name: string; originalName: string; mime: string };

/**
 * The slides (or poster) visitors may fetch for a contribution of the published programme: only while the
 * organiser shows slides (`programme_config.show_slides`), only for a contribution of the latest version, and only a
 * file attached to it (not one still in the temporary area). Null otherwise.
 */
export async function publicSlides(
  db: Executor,
  { conferenceId, code }: { conferenceId: number; code: string },
): Promise<PublicSlides | null> {
  const [config] = await db
    .select({ showSlides: programmeConfig.showSlides })
    .from(programmeConfig)
    .where(eq(programmeConfig.conferenceId, conferenceId));
  if (!config?.showSlides) return null;
  const version = await latestProgrammeVersion(db, { conferenceId });
  const found = version && findContribution(version.snapshot, code);
  if (!found) return null;
  const [file] = await db
    .select({ name: uploadedFile.name, originalName: uploadedFile.originalName, mime: uploadedFile.mime, status: uploadedFile.status })
    .from(programmeContribution)
    .innerJoin(uploadedFile, and(eq(uploadedFile.id, programmeContribution.slidesFileId), eq(uploadedFile.conferenceId, conferenceId)))
    .where(and(eq(programmeContribution.conferenceId, conferenceId), eq(programmeContribution.id, found.contribution.id)));
  if (!file || file.status !== 'attached') return null;
  return { name: file.name, originalName: file.originalName, mime: file.mime };
}
