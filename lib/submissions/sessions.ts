import { and, asc, eq, sql } from 'drizzle-orm';
import type { DB, Executor } from '@/db/client';
import { submission, submissionSession } from '@/db/schema';
import { AppError } from '@/lib/http/app-error';
import {
  MAX_SESSION_DEPTH,
  ZSessionInput,
  ZSessionMove,
  ZSessionUpdate,
  type SessionInput,
  type SessionMove,
  type SessionUpdate,
} from './config-schemas';
import { buildSessionTree, type SessionNode, type SessionRow } from './session-tree';

export type { SessionNode, SessionRow };

const columns = {
  id: submissionSession.id,
  parentId: submissionSession.parentId,
  name: submissionSession.name,
  prefix: submissionSession.prefix,
  sortOrder: submissionSession.sortOrder,
};

/** A conference's sessions, each level in its order. */
export async function listSessions(db: Executor, conferenceId: number): Promise<SessionRow[]> {
  return db
    .select(columns)
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId))
    .orderBy(asc(submissionSession.sortOrder), asc(submissionSession.id));
}

/** A conference's sessions as a sorted tree. */
export async function sessionTree(db: Executor, conferenceId: number): Promise<SessionNode[]> {
  return buildSessionTree(await listSessions(db, conferenceId));
}

/**
 * Every session of the conference, locked for the rest of the transaction. Changes to one
 * conference's tree take turns on an advisory lock first, so the rows read after it (a new
 * statement, a fresh snapshot) include what the previous change committed; the rows are then
 * held FOR UPDATE, so a submission holding its session FOR SHARE (content.ts holdSession) and a
 * delete of that session take turns too.
 */
async function lockedSessions(tx: Executor, conferenceId: number): Promise<SessionRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`submission-sessions:${conferenceId}`}))`);
  return tx
    .select(columns)
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId))
    .orderBy(asc(submissionSession.sortOrder), asc(submissionSession.id))
    .for('update');
}

function depthOf(rows: SessionRow[], id: number): number {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let depth = 0;
  for (let at = byId.get(id); at?.parentId != null && depth <= rows.length; at = byId.get(at.parentId)) depth++;
  return depth;
}

/** Levels in the subtree under `id` (1 for a leaf). */
function heightOf(rows: SessionRow[], id: number): number {
  const children = rows.filter((r) => r.parentId === id);
  return 1 + Math.max(0, ...children.map((c) => heightOf(rows, c.id)));
}

function isInside(rows: SessionRow[], id: number, ancestor: number): boolean {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (
    let at = byId.get(id), steps = 0;
    at && steps <= rows.length;
    at = at.parentId === null ? undefined : byId.get(at.parentId), steps++
  ) {
    if (at.id === ancestor) return true;
  }
  return false;
}

function checkPrefix(rows: SessionRow[], prefix: string, self: number | null) {
  if (prefix && rows.some((r) => r.id !== self && r.prefix.toLowerCase() === prefix.toLowerCase())) {
    throw new AppError('SUBMISSION_SESSION_PREFIX_TAKEN', { prefix });
  }
}

/** Gives `siblings` (in their new order) the orders 0, 1, 2 … where they differ. */
async function renumber(tx: Executor, conferenceId: number, siblings: SessionRow[]) {
  for (const [index, row] of siblings.entries()) {
    if (row.sortOrder === index) continue;
    await tx
      .update(submissionSession)
      .set({ sortOrder: index })
      .where(and(eq(submissionSession.conferenceId, conferenceId), eq(submissionSession.id, row.id)));
  }
}

/** Adds a session last among its siblings; the parent must be a session of this conference, not at the deepest level. */
export async function addSession(db: DB, conferenceId: number, raw: SessionInput): Promise<{ id: number }> {
  const input = ZSessionInput.parse(raw);
  return db.transaction(async (tx) => {
    const rows = await lockedSessions(tx, conferenceId);
    if (input.parentId !== null) {
      if (!rows.some((r) => r.id === input.parentId)) throw new AppError('SUBMISSION_SESSION_PARENT_INVALID');
      if (depthOf(rows, input.parentId) + 1 >= MAX_SESSION_DEPTH)
        throw new AppError('SUBMISSION_SESSION_TOO_DEEP', { depth: MAX_SESSION_DEPTH });
    }
    checkPrefix(rows, input.prefix, null);
    const siblings = rows.filter((r) => r.parentId === input.parentId);
    const sortOrder = siblings.length ? Math.max(...siblings.map((s) => s.sortOrder)) + 1 : 0;
    const [row] = await tx
      .insert(submissionSession)
      .values({ conferenceId, parentId: input.parentId, name: input.name, prefix: input.prefix, sortOrder })
      .returning({ id: submissionSession.id });
    return { id: row.id };
  });
}

/** Renames a session of this conference (names and prefix). */
export async function updateSession(db: DB, conferenceId: number, id: number, raw: SessionUpdate): Promise<{ id: number }> {
  const input = ZSessionUpdate.parse(raw);
  return db.transaction(async (tx) => {
    const rows = await lockedSessions(tx, conferenceId);
    if (!rows.some((r) => r.id === id)) throw new AppError('SUBMISSION_SESSION_NOT_FOUND');
    checkPrefix(rows, input.prefix, id);
    await tx
      .update(submissionSession)
      .set({ name: input.name, prefix: input.prefix })
      .where(and(eq(submissionSession.conferenceId, conferenceId), eq(submissionSession.id, id)));
    return { id };
  });
}

/**
 * Moves a session (with its subtree) under `parentId` at `position` among its new siblings, and
 * renumbers both levels. Not into itself or its own subtree, not deeper than MAX_SESSION_DEPTH.
 */
export async function moveSession(db: DB, conferenceId: number, id: number, raw: SessionMove): Promise<{ id: number }> {
  const input = ZSessionMove.parse(raw);
  return db.transaction(async (tx) => {
    const rows = await lockedSessions(tx, conferenceId);
    const self = rows.find((r) => r.id === id);
    if (!self) throw new AppError('SUBMISSION_SESSION_NOT_FOUND');
    const parentId = input.parentId;
    if (parentId !== null) {
      if (!rows.some((r) => r.id === parentId) || isInside(rows, parentId, id)) throw new AppError('SUBMISSION_SESSION_PARENT_INVALID');
      if (depthOf(rows, parentId) + 1 + heightOf(rows, id) > MAX_SESSION_DEPTH) {
        throw new AppError('SUBMISSION_SESSION_TOO_DEEP', { depth: MAX_SESSION_DEPTH });
      }
    }
    const siblings = rows.filter((r) => r.parentId === parentId && r.id !== id);
    const moved = { ...self, parentId };
    siblings.splice(Math.min(input.position, siblings.length), 0, moved);
    if (self.parentId !== parentId) {
      await tx
        .update(submissionSession)
        .set({ parentId })
        .where(and(eq(submissionSession.conferenceId, conferenceId), eq(submissionSession.id, id)));
      await renumber(
        tx,
        conferenceId,
        rows.filter((r) => r.parentId === self.parentId && r.id !== id),
      );
    }
    await renumber(tx, conferenceId, siblings);
    return { id };
  });
}

/**
 * Deletes a session: not one with sub-sessions (spec §8 "has children, delete failed"), not one
 * that submissions chose (withdrawn ones too: their record keeps the session).
 */
export async function deleteSession(db: DB, conferenceId: number, id: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const rows = await lockedSessions(tx, conferenceId);
    const self = rows.find((r) => r.id === id);
    if (!self) throw new AppError('SUBMISSION_SESSION_NOT_FOUND');
    if (rows.some((r) => r.parentId === id)) throw new AppError('SUBMISSION_SESSION_HAS_CHILDREN');
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(submission)
      .where(and(eq(submission.conferenceId, conferenceId), eq(submission.sessionId, id)));
    if (n > 0) throw new AppError('SUBMISSION_SESSION_IN_USE', { count: n });
    await tx.delete(submissionSession).where(and(eq(submissionSession.conferenceId, conferenceId), eq(submissionSession.id, id)));
    await renumber(
      tx,
      conferenceId,
      rows.filter((r) => r.parentId === self.parentId && r.id !== id),
    );
    return { id };
  });
}
