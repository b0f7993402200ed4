import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conferenceOrder, submission, submissionAuthor, submissionVersion, uploadedFile } from '@/db/schema';
import type { SubmissionSnapshot } from '@/db/schema/submissions';
import { isPaid } from '@/lib/orders/rules';
import { flattenSessions, type FlatSession } from './session-tree';
import type { CallForPapers } from './config';
import type { CallRules } from './schemas';
import { authorVisibleStatus, DECISIONS, decisionReleased, type SubmissionStatus } from './status';

export type SubmissionRow = typeof submission.$inferSelect;

/** The sessions an author may choose: the leaves of the tree (a session with sub-sessions is a heading). */
export function selectableSessions(call: Pick<CallForPapers, 'sessions'>): FlatSession[] {
  const flat = flattenSessions(call.sessions);
  const parents = new Set(flat.map((s) => s.parentId).filter((id): id is number => id !== null));
  return flat.filter((s) => !parents.has(s.id));
}

/** The code prefix of a session: its own, else the nearest ancestor's. */
export function sessionPrefix(call: Pick<CallForPapers, 'sessions'>, sessionId: number): string {
  const flat = flattenSessions(call.sessions);
  const byId = new Map(flat.map((s) => [s.id, s]));
  for (let at = byId.get(sessionId), steps = 0; at && steps <= flat.length; steps++) {
    if (at.prefix) return at.prefix;
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return '';
}

/** The call's rules as the submission schema wants them. */
export function callRules(call: CallForPapers): CallRules {
  return {
    sessionIds: selectableSessions(call).map((s) => s.id),
    reportTypes: call.reportTypes.map((c) => c.value),
    categories: call.categories.map((c) => c.value),
    keywordsMin: call.keywordsMin,
    keywordsMax: call.keywordsMax,
    abstractMaxChars: call.abstractMaxChars,
    abstractFileRequired: call.abstractFileRequired,
    fullTextRequired: call.fullTextRequired,
  };
}

/** The fee order of a submission as its author sees it. */
export type SubmissionFeeOrder = {
  id: number;
  orderNo: string;
  payStatus: string;
  orderStatus: string;
  paid: boolean;
  totalMinor: number;
  currency: string;
};

/** One line of "my submissions". */
export type MySubmissionItem = {
  id: number;
  code: string;
  title: string;
  sessionId: number | null;
  status: SubmissionStatus;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  order: SubmissionFeeOrder | null;
};

async function ordersById(db: Executor, conferenceId: number, userId: string, ids: number[]): Promise<Map<number, SubmissionFeeOrder>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(conferenceOrder)
    .where(and(eq(conferenceOrder.conferenceId, conferenceId), eq(conferenceOrder.userId, userId), inArray(conferenceOrder.id, ids)));
  return new Map(
    rows.map((o) => [
      o.id,
      {
        id: o.id,
        orderNo: o.orderNo,
        payStatus: o.payStatus,
        orderStatus: o.orderStatus,
        paid: isPaid(o.payStatus),
        totalMinor: o.totalMinor,
        currency: o.currency,
      },
    ]),
  );
}

/** Whether the fee of a submission still waits to be paid (an available order not paid). */
export function feeUnpaid(order: SubmissionFeeOrder | null): boolean {
  return !!order && order.orderStatus === 'available' && !order.paid;
}

/** My submissions at this conference, newest first, each with the state I may see and its fee order. */
export async function listMySubmissions(db: Executor, conferenceId: number, userId: string): Promise<MySubmissionItem[]> {
  const rows = await db
    .select()
    .from(submission)
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.userId, userId)))
    .orderBy(desc(submission.createdAt), desc(submission.id));
  const orders = await ordersById(
    db,
    conferenceId,
    userId,
    rows.map((r) => r.orderId).filter((id): id is number => id !== null),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    title: r.title,
    sessionId: r.sessionId,
    status: authorVisibleStatus(r),
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    order: r.orderId ? (orders.get(r.orderId) ?? null) : null,
  }));
}

/** A submission of mine, as stored (null when it is not mine or not at this conference). */
export async function findMySubmissionRow(db: Executor, conferenceId: number, userId: string, id: number): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(submission)
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.userId, userId), eq(submission.id, id)));
  return row ?? null;
}

export type SubmissionFileInfo = { id: number; name: string; originalName: string; size: number };

/**
 * One submission of mine as its author sees it: the current content, the authors, every version
 * handed in, the fee order, and the decision with the final opinion only once released. Never the
 * reviewers, their reviews or the chair's own opinion.
 */
export async function mySubmissionView(db: Executor, conferenceId: number, userId: string, id: number) {
  const row = await findMySubmissionRow(db, conferenceId, userId, id);
  if (!row) return null;
  const [authors, versions, orders] = await Promise.all([
    db
      .select()
      .from(submissionAuthor)
      .where(and(eq(submissionAuthor.conferenceId, conferenceId), eq(submissionAuthor.submissionId, id)))
      .orderBy(asc(submissionAuthor.sortOrder), asc(submissionAuthor.id)),
    db
      .select({ version: submissionVersion.version, snapshot: submissionVersion.snapshot, createdAt: submissionVersion.createdAt })
      .from(submissionVersion)
      .where(and(eq(submissionVersion.conferenceId, conferenceId), eq(submissionVersion.submissionId, id)))
      .orderBy(desc(submissionVersion.version)),
    ordersById(db, conferenceId, userId, row.orderId ? [row.orderId] : []),
  ]);
  const fileIds = new Set<number>();
  for (const v of versions) {
    if (v.snapshot.abstractFileId) fileIds.add(v.snapshot.abstractFileId);
    if (v.snapshot.fullTextFileId) fileIds.add(v.snapshot.fullTextFileId);
  }
  if (row.abstractFileId) fileIds.add(row.abstractFileId);
  if (row.fullTextFileId) fileIds.add(row.fullTextFileId);
  const files = fileIds.size
    ? await db
        .select({ id: uploadedFile.id, name: uploadedFile.name, originalName: uploadedFile.originalName, size: uploadedFile.size })
        .from(uploadedFile)
        .where(and(eq(uploadedFile.conferenceId, conferenceId), eq(uploadedFile.userId, userId), inArray(uploadedFile.id, [...fileIds])))
    : [];
  const released = decisionReleased(row);
  const decision = row.decision ?? ((DECISIONS as readonly string[]).includes(row.status) ? row.status : null);
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    sessionId: row.sessionId,
    reportType: row.reportType,
    category: row.category,
    keywords: row.keywords,
    abstract: row.abstract,
    abstractFileId: row.abstractFileId,
    fullTextFileId: row.fullTextFileId,
    status: authorVisibleStatus(row),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    authors: authors.map((a) => ({
      name: a.name,
      surname: a.surname,
      email: a.email,
      phone: a.phone,
      country: a.country,
      company: a.company,
      corresponding: a.corresponding,
    })),
    versions: versions as Array<{ version: number; snapshot: SubmissionSnapshot; createdAt: Date }>,
    files: Object.fromEntries(files.map((f) => [f.id, f])) as Record<number, SubmissionFileInfo>,
    order: row.orderId ? (orders.get(row.orderId) ?? null) : null,
    decision: released && decision ? { decision, finalOpinion: row.finalOpinion, releasedAt: row.releasedAt } : null,
  };
}
export type MySubmissionView = NonNullable<Awaited<ReturnType<typeof mySubmissionView>>>;
