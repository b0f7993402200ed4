import { desc, eq, sql } from 'drizzle-orm';
import type { DB } from '@/db/client';
import { programmeVersion, type ProgrammeChange, type ProgrammeSnapshot } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { buildProgrammeSnapshot } from './build-snapshot';
import { queueChangedSlotMails } from './changed-slot-mails';
import { programmeChanges } from './programme-changes';

export type PublishedVersion = { id: number; number: number; publishedAt: Date; changes: ProgrammeChange[]; mails: number };

/**
 * Publishes the conference's draft programme as its next numbered version (issue 23 point 3), in one transaction
 * under a per-conference advisory lock, so two organisers publishing at once get numbers n and n + 1, each compared
 * with the version before it: the snapshot is built from the draft, compared with the last version's (added,
 * removed, time, room, session per contribution), stored with `bookState` 'pending' (the book of abstracts is built
 * afterwards, in the background), and each presenter whose slot, room or session changed is sent one mail through
 * the outbox, in their language, listing their changed contributions. Version 1 changes nothing anyone knew, so it
 * sends none; nor do added or removed contributions (an added one's presenter learns their slot from their profile).
 * An empty programme (no placed session) is refused.
 */
export async function publishProgramme(
  db: DB,
  { conferenceId, userId }: { conferenceId: number; userId: string },
): Promise<PublishedVersion> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`programme-publish:${conferenceId}`}))`);
    const snapshot = await buildProgrammeSnapshot(tx, { conferenceId });
    if (!snapshot.sessions.length) throw new AppError('PROGRAMME_EMPTY');
    const [last] = await tx
      .select({ number: programmeVersion.number, snapshot: programmeVersion.snapshot })
      .from(programmeVersion)
      .where(eq(programmeVersion.conferenceId, conferenceId))
      .orderBy(desc(programmeVersion.number))
      .limit(1);
    const previous: ProgrammeSnapshot | null = last?.snapshot ?? null;
    const changes = programmeChanges(previous, snapshot);
    const number = (last?.number ?? 0) + 1;
    const [row] = await tx
      .insert(programmeVersion)
      .values({ conferenceId, number, snapshot, changes, publishedBy: userId, bookState: 'pending' })
      .returning({ id: programmeVersion.id, number: programmeVersion.number, publishedAt: programmeVersion.publishedAt });
    const mails = await queueChangedSlotMails(tx, { conferenceId, number, snapshot, changes });
    return { ...row, changes, mails };
  });
}
