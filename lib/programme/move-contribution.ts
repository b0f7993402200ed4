import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { programmeContribution } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import { lockProgramme } from './lock';
import { lockSession } from './refs';
import { ZMoveContribution, type MoveContributionInput } from './schemas';

export async function lockContribution(tx: Executor, conferenceId: number, contributionId: number) {
  const [row] = await tx
    .select()
    .from(programmeContribution)
    .where(and(eq(programmeContribution.id, contributionId), eq(programmeContribution.conferenceId, conferenceId)))
    .for('update');
  if (!row) throw new AppError('PROGRAMME_CONTRIBUTION_NOT_FOUND');
  return row;
}

/**
 * Puts contributions into a session (or back among the unplaced: null) at a 0-based position, the others of the
 * session renumbered in order. A contribution coming from another session loses its pinned start.
 */
export async function placeContributions(
  tx: Executor,
  conferenceId: number,
  sessionId: number | null,
  moved: Array<{ id: number; sessionId: number | null }>,
  position: number,
): Promise<void> {
  const movedIds = new Set(moved.map((m) => m.id));
  const others = (
    await tx
      .select({ id: programmeContribution.id })
      .from(programmeContribution)
      .where(
        and(
          eq(programmeContribution.conferenceId, conferenceId),
          sessionId === null ? isNull(programmeContribution.sessionId) : eq(programmeContribution.sessionId, sessionId),
        ),
      )
      .orderBy(asc(programmeContribution.sortOrder), asc(programmeContribution.id))
  )
    .map((r) => r.id)
    .filter((id) => !movedIds.has(id));
  const at = Math.min(position, others.length);
  const order = [...others.slice(0, at), ...moved.map((m) => m.id), ...others.slice(at)];
  const from = new Map(moved.map((m) => [m.id, m.sessionId]));
  for (const [i, id] of order.entries()) {
    const arriving = from.has(id) && (from.get(id) !== sessionId || sessionId === null);
    await tx
      .update(programmeContribution)
      .set({ sessionId, sortOrder: (i + 1) * 10, ...(arriving ? { startsAt: null } : {}), updatedAt: new Date() })
      .where(and(eq(programmeContribution.id, id), eq(programmeContribution.conferenceId, conferenceId)));
  }
}

/** Moves one contribution into a session of this conference at a position, or back among the unplaced. */
export async function moveContribution(
  db: DB,
  conferenceId: number,
  contributionId: number,
  raw: MoveContributionInput,
): Promise<{ id: number; sessionId: number | null }> {
  const input = ZMoveContribution.parse(raw);
  return db.transaction(async (tx) => {
    await lockProgramme(tx, conferenceId);
    const current = await lockContribution(tx, conferenceId, contributionId);
    if (input.sessionId !== null) await lockSession(tx, conferenceId, input.sessionId);
    await placeContributions(tx, conferenceId, input.sessionId, [{ id: current.id, sessionId: current.sessionId }], input.position);
    return { id: contributionId, sessionId: input.sessionId };
  });
}

/** Whether another contribution of the conference has this code (case-insensitive). */
export async function codeTaken(tx: Executor, conferenceId: number, code: string, exceptId: number): Promise<boolean> {
  const rows = await tx
    .select({ code: programmeContribution.code })
    .from(programmeContribution)
    .where(and(eq(programmeContribution.conferenceId, conferenceId), ne(programmeContribution.id, exceptId)));
  return rows.some((r) => r.code.toLowerCase() === code.toLowerCase());
}
