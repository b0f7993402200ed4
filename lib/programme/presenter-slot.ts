import { and, eq } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { programmeConfig, programmeContribution, uploadedFile, type ProgrammeSnapshotSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import type { LocalizedText } from '@/lib/i18n/localized';
import { UPLOAD_MAX_BYTES } from '@/lib/storage/file-types';
import { attachUploads, discardUpload, publishUploads, receiveUpload, type UploadRule } from '@/lib/storage/intake';
import { SLIDES_FIELD, SLIDES_TYPES } from './slides-types';
import { contributionsPresentedBy, presentedContribution, slidesFiles, type Presenter } from './presenters';
import { latestProgrammeVersion, placedContributions, roomOf } from './published-programme';

/**
 * A presenter's side of the programme (issue 23 point 6): their slots as the latest published version places them,
 * their answer (confirmed / withdrawn, which the organiser's editor reads from `presenter_state`), and their slides
 * or poster (PDF or PPTX through the one upload intake, checked by content, within the spec's 20 MB), shown on the
 * contribution's page only when the organiser turned `showSlides` on.
 */

/** The slides' upload rule: PDF or PPTX by extension and content, at most the spec's upload size. */
export const SLIDES_RULE: UploadRule = { field: SLIDES_FIELD, types: SLIDES_TYPES, maxBytes: UPLOAD_MAX_BYTES };

export type MyPresentation = {
  contributionId: number;
  code: string;
  title: LocalizedText;
  startsAt: string;
  endsAt: string;
  session: LocalizedText;
  sessionType: ProgrammeSnapshotSession['type'];
  room: LocalizedText | null;
  boardNumber: string;
  state: 'pending' | 'confirmed' | 'withdrawn';
  slides: { id: number; originalName: string } | null;
};

/** The caller's presentations in the latest published version, in time order (none before the first version). */
export async function myPresentations(db: Executor, input: { conferenceId: number; presenter: Presenter }): Promise<MyPresentation[]> {
  const programme = await latestProgrammeVersion(db, input);
  if (!programme) return [];
  const mine = await contributionsPresentedBy(db, input);
  if (!mine.length) return [];
  const files = await slidesFiles(
    db,
    input.conferenceId,
    mine.flatMap((m) => (m.slidesFileId ? [m.slidesFileId] : [])),
  );
  const byId = new Map(mine.map((m) => [m.id, m]));
  return placedContributions(programme.snapshot)
    .filter((p) => byId.has(p.contribution.id))
    .map(({ contribution: c, session }) => {
      const row = byId.get(c.id)!;
      const room = roomOf(programme.snapshot, session);
      return {
        contributionId: c.id,
        code: c.code,
        title: c.title,
        startsAt: c.startsAt,
        endsAt: c.endsAt,
        session: session.title,
        sessionType: session.type,
        room: room?.name ?? null,
        boardNumber: c.boardNumber,
        state: row.presenterState,
        slides: row.slidesFileId ? (files.get(row.slidesFileId) ?? null) : null,
      };
    })
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** Is this contribution in the latest published version? Presenters answer only for what is published. */
async function isPublished(db: Executor, conferenceId: number, contributionId: number): Promise<boolean> {
  const programme = await latestProgrammeVersion(db, { conferenceId });
  return !!programme && placedContributions(programme.snapshot).some((p) => p.contribution.id === contributionId);
}

/** The presenter confirms or withdraws; only the presenter of a published contribution (PRESENTER_ONLY otherwise). */
export async function answerPresenter(
  db: Executor,
  input: { conferenceId: number; presenter: Presenter; contributionId: number; state: 'confirmed' | 'withdrawn'; now?: Date },
): Promise<void> {
  await presentedContribution(db, input);
  if (!(await isPublished(db, input.conferenceId, input.contributionId))) throw new AppError('CONTRIBUTION_NOT_FOUND');
  await db
    .update(programmeContribution)
    .set({ presenterState: input.state, presenterAnsweredAt: input.now ?? new Date() })
    .where(and(eq(programmeContribution.conferenceId, input.conferenceId), eq(programmeContribution.id, input.contributionId)));
}

/**
 * Receives the presenter's slides or poster: the presenter of a published contribution only (checked before the
 * file is taken), through the upload intake (type by content, size, the daily rule), attached and set on the
 * contribution in one transaction, then moved out of the temporary area. The previous file stays stored but unused.
 */
export async function savePresenterSlides(
  db: DB,
  input: { conferenceId: number; presenter: Presenter; contributionId: number; fileName: string; data: Uint8Array },
): Promise<{ id: number; originalName: string }> {
  await presentedContribution(db, input);
  if (!(await isPublished(db, input.conferenceId, input.contributionId))) throw new AppError('CONTRIBUTION_NOT_FOUND');
  const upload = await receiveUpload(db, {
    conferenceId: input.conferenceId,
    userId: input.presenter.id,
    rule: SLIDES_RULE,
    fileName: input.fileName,
    data: input.data,
  });
  let fresh: string[];
  try {
    fresh = await db.transaction(async (tx) => {
      const attached = await attachUploads(tx, {
        conferenceId: input.conferenceId,
        userId: input.presenter.id,
        files: [{ id: upload.id, field: SLIDES_FIELD }],
      });
      await tx
        .update(programmeContribution)
        .set({ slidesFileId: upload.id })
        .where(and(eq(programmeContribution.conferenceId, input.conferenceId), eq(programmeContribution.id, input.contributionId)));
      return attached.fresh;
    });
  } catch (error) {
    await discardUpload(db, input.conferenceId, upload.name);
    throw error;
  }
  await publishUploads(input.conferenceId, fresh);
  return { id: upload.id, originalName: upload.originalName };
}

/** Whether the organiser shows presenters' slides on the public pages. */
export async function slidesShown(db: Executor, conferenceId: number): Promise<boolean> {
  const [row] = await db
    .select({ show: programmeConfig.showSlides })
    .from(programmeConfig)
    .where(eq(programmeConfig.conferenceId, conferenceId));
  return row?.show ?? false;
}

/**
 * The slides of a contribution (by its code) for a download: to anyone when the organiser shows slides and the
 * contribution is published, to its presenter always; FILE_NOT_FOUND otherwise (nothing is told about why).
 */
export async function slidesForDownload(
  db: Executor,
  input: { conferenceId: number; code: string; caller: Presenter | null },
): Promise<{ name: string; mime: string; originalName: string }> {
  const [row] = await db
    .select({ id: programmeContribution.id, name: uploadedFile.name, mime: uploadedFile.mime, originalName: uploadedFile.originalName })
    .from(programmeContribution)
    .innerJoin(
      uploadedFile,
      and(eq(uploadedFile.id, programmeContribution.slidesFileId), eq(uploadedFile.conferenceId, programmeContribution.conferenceId)),
    )
    .where(and(eq(programmeContribution.conferenceId, input.conferenceId), eq(programmeContribution.code, input.code)));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  const mine =
    input.caller !== null &&
    (await contributionsPresentedBy(db, { conferenceId: input.conferenceId, presenter: input.caller, contributionId: row.id })).length > 0;
  const open = !mine && (await slidesShown(db, input.conferenceId)) && (await isPublished(db, input.conferenceId, row.id));
  if (!mine && !open) throw new AppError('FILE_NOT_FOUND');
  return row;
}

/** The codes of the published contributions whose slides visitors may download (none while slides are hidden). */
export async function publicSlidesCodes(db: Executor, conferenceId: number): Promise<Set<string>> {
  if (!(await slidesShown(db, conferenceId))) return new Set();
  const programme = await latestProgrammeVersion(db, { conferenceId });
  if (!programme) return new Set();
  const published = new Set(placedContributions(programme.snapshot).map((p) => p.contribution.id));
  const rows = await db
    .select({ id: programmeContribution.id, code: programmeContribution.code, file: programmeContribution.slidesFileId })
    .from(programmeContribution)
    .where(eq(programmeContribution.conferenceId, conferenceId));
  return new Set(rows.filter((r) => r.file !== null && published.has(r.id)).map((r) => r.code));
}

/** The address of a contribution's slides (the download route checks who may have them). */
export function slidesPath(code: string): string {
  return `/api/conference/programme/slides?code=${encodeURIComponent(code)}`;
}
