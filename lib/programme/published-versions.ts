import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { programmeVersion, user } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { parseId } from '@/lib/validation/primitives';

export type ProgrammeVersionSummary = {
  number: number;
  publishedAt: Date;
  publishedBy: { name: string; email: string } | null;
  changeCount: number;
  bookState: string;
};

/** Every published version of a conference for its organisers, newest first: when, by whom, how many changes. */
export async function listProgrammeVersions(db: Executor, { conferenceId }: { conferenceId: number }): Promise<ProgrammeVersionSummary[]> {
  const rows = await db
    .select({
      number: programmeVersion.number,
      publishedAt: programmeVersion.publishedAt,
      changes: programmeVersion.changes,
      bookState: programmeVersion.bookState,
      name: user.name,
      email: user.email,
    })
    .from(programmeVersion)
    .leftJoin(user, eq(user.id, programmeVersion.publishedBy))
    .where(eq(programmeVersion.conferenceId, conferenceId))
    .orderBy(desc(programmeVersion.number));
  return rows.map((r) => ({
    number: r.number,
    publishedAt: r.publishedAt,
    publishedBy: r.email === null ? null : { name: r.name ?? '', email: r.email },
    changeCount: r.changes.length,
    bookState: r.bookState,
  }));
}

/** One version of this conference by its number (from an address), or VERSION_NOT_FOUND. */
export async function findProgrammeVersion(db: Executor, { conferenceId, number }: { conferenceId: number; number: string | number }) {
  const n = typeof number === 'number' ? number : parseId(number);
  if (n === null) throw new AppError('VERSION_NOT_FOUND');
  const [row] = await db
    .select({
      number: programmeVersion.number,
      snapshot: programmeVersion.snapshot,
      changes: programmeVersion.changes,
      publishedAt: programmeVersion.publishedAt,
      bookState: programmeVersion.bookState,
    })
    .from(programmeVersion)
    .where(and(eq(programmeVersion.conferenceId, conferenceId), eq(programmeVersion.number, n)));
  if (!row) throw new AppError('VERSION_NOT_FOUND');
  return row;
}

/** Whether the conference has published its programme (the site menu then offers it). */
export async function hasPublishedProgramme(db: Executor, { conferenceId }: { conferenceId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: programmeVersion.id })
    .from(programmeVersion)
    .where(eq(programmeVersion.conferenceId, conferenceId))
    .limit(1);
  return Boolean(row);
}
